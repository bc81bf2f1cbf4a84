//! The measuring drivers: programs that time or count the core's work on large inputs and
//! print what they measured, for the benchmarks rather than the tests (they assert nothing
//! and take seconds to minutes). Built only with `--features drivers`, run by name through
//! `cargo bench --features drivers --bench drivers -- NAME` (benches/drivers.rs); each one's
//! documentation says what it prints and which environment variables it reads.

/// Every driver by name, in the order `--list` prints them.
pub const DRIVERS: &[(&str, fn())] = &[
    #[cfg(target_arch = "x86_64")]
    ("kernels_against_a_read_pass", crate::batch::drivers::kernels_against_a_read_pass),
    ("solutions_against_the_validator", crate::score::drivers::solutions_against_the_validator),
    ("count_a_puzzle_set", crate::solve::drivers::count_a_puzzle_set),
    ("steps_throughput", crate::steps::drivers::steps_throughput),
    ("paths_fingerprint", crate::steps::drivers::paths_fingerprint),
    ("generate_seeded_items", crate::generate::drivers::generate_seeded_items),
    ("forcing_share", crate::generate::drivers::forcing_share),
    ("canonical_throughput", crate::canonical::drivers::canonical_throughput),
    ("grid_throughput", crate::canonical::drivers::grid_throughput),
    ("isomorph_throughput", crate::canonical::drivers::isomorph_throughput),
];
