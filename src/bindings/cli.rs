//! `valid_sudoku.main`: the `valid-sudoku` command, callable in-process and installed as the
//! console script. Arguments and streams come from Python; the work is `crate::cli::run`.

use std::ffi::OsString;

use pyo3::exceptions::PyBrokenPipeError;
use pyo3::prelude::*;

use super::streams::{PyReader, PyWriter};
use crate::cli::{self, Env};

#[doc = stub_doc!("main")]
#[pyfunction]
#[pyo3(signature = (argv = None))]
pub fn main(py: Python<'_>, argv: Option<Vec<OsString>>) -> PyResult<i32> {
    let sys = py.import("sys")?;
    let argv = match argv {
        Some(argv) => argv,
        None => sys.getattr("argv")?.extract::<Vec<OsString>>()?.into_iter().skip(1).collect(),
    };
    let stream = |name: &str| -> PyResult<Option<Py<PyAny>>> {
        let stream = sys.getattr(name)?;
        Ok((!stream.is_none()).then(|| stream.unbind()))
    };
    let mut stdin = PyReader::new(stream("stdin")?);
    let mut stdout = PyWriter::new(stream("stdout")?);
    let stderr_stream = stream("stderr")?;
    let stderr_is_terminal = stderr_stream.as_ref().is_some_and(|stderr| {
        stderr.call_method0(py, "isatty").and_then(|answer| answer.extract::<bool>(py)).unwrap_or(false)
    });
    let mut stderr = PyWriter::new(stderr_stream);
    let mut interruption: Option<PyErr> = None;

    // The work runs without the GIL; the streams and the Ctrl-C check attach only for their
    // own Python calls (one per 64 KiB of output, one per 16 Ki boards).
    let code = py.detach(|| {
        let mut interrupted = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(error) => {
                interruption = Some(error);
                true
            }
        };
        let env = Env { stderr_is_terminal, interrupted: &mut interrupted };
        cli::run(argv, &mut stdin, &mut stdout, &mut stderr, env)
    });

    if let Some(error) = interruption.or(stdin.error) {
        return Err(error);
    }
    match stdout.error.or(stderr.error) {
        Some(error) if error.is_instance_of::<PyBrokenPipeError>(py) => {
            silence_stdout(py);
            Ok(code)
        }
        Some(error) => Err(error),
        None => Ok(code),
    }
}

/// After a broken pipe (`valid-sudoku --json big.txt | head`), points stdout at /dev/null so
/// Python's own flush at exit does not complain a second time, as the Python docs advise.
fn silence_stdout(py: Python<'_>) {
    let silenced: PyResult<()> = (|| {
        let os = py.import("os")?;
        let fileno = py.import("sys")?.getattr("stdout")?.call_method0("fileno")?;
        let devnull = os.call_method1("open", (os.getattr("devnull")?, os.getattr("O_WRONLY")?))?;
        os.call_method1("dup2", (devnull, fileno))?;
        Ok(())
    })();
    // Best effort: a stdout without a file descriptor has nothing left to complain about.
    let _ = silenced;
}
