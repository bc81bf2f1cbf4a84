//! Runs the core's measuring drivers (src/drivers.rs) by name:
//!
//!     cargo bench --features drivers --bench drivers -- --list
//!     cargo bench --features drivers --bench drivers -- steps_throughput forcing_share
//!
//! Each prints what it measured; under `valgrind --tool=callgrind` the instruction count is
//! the stable measure. (cargo passes `--bench` to every bench target: it is skipped.)

use std::process::ExitCode;

use valid_sudoku::drivers::DRIVERS;

fn main() -> ExitCode {
    let names: Vec<String> = std::env::args().skip(1).filter(|arg| arg != "--bench").collect();
    if names.is_empty() || names.iter().any(|name| name == "--list") {
        for (name, _) in DRIVERS {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    for name in &names {
        let Some((_, driver)) = DRIVERS.iter().find(|(known, _)| known == name) else {
            eprintln!("no driver named {name:?}: --list names them");
            return ExitCode::from(2);
        };
        driver();
    }
    ExitCode::SUCCESS
}
