//! `valid_sudoku.main`: the `valid-sudoku` command, callable in-process and installed as the
//! console script. Arguments and streams come from Python; the work is `crate::cli::run`.

use std::ffi::OsString;

use pyo3::exceptions::{PyBrokenPipeError, PyKeyboardInterrupt, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::bindings::input::arguments::type_name;
use crate::bindings::input::streams::{PyReader, PyWriter};
use crate::cli::{self, Env};

#[doc = stub_doc!("main")]
#[pyfunction]
#[pyo3(signature = (argv = None))]
pub fn main(py: Python<'_>, argv: Option<&Bound<'_, PyAny>>) -> PyResult<i32> {
    let sys = py.import("sys")?;
    let argv = match argv {
        Some(argv) => arguments(argv)?,
        None => sys.getattr("argv")?.extract::<Vec<OsString>>()?.into_iter().skip(1).collect(),
    };
    let stream = |name: &str| -> PyResult<Option<Py<PyAny>>> {
        let stream = sys.getattr(name)?;
        Ok((!stream.is_none()).then(|| stream.unbind()))
    };
    let is_terminal = |stream: &Option<Py<PyAny>>| {
        stream.as_ref().is_some_and(|stream| {
            stream.call_method0(py, "isatty").and_then(|answer| answer.extract::<bool>(py)).unwrap_or(false)
        })
    };
    let stdin_stream = stream("stdin")?;
    let stdin_is_terminal = is_terminal(&stdin_stream);
    let mut stdin = PyReader::new(stdin_stream);
    let mut stdout = PyWriter::new(stream("stdout")?);
    let stderr_stream = stream("stderr")?;
    let stderr_is_terminal = is_terminal(&stderr_stream);
    let mut stderr = PyWriter::new(stderr_stream);
    let mut raised: Option<PyErr> = None;

    // The work runs without the GIL; the streams and the Ctrl-C check attach only for their
    // own Python calls (one per 1 MiB of output, one per 100 ms of work).
    let code = py.detach(|| {
        // A KeyboardInterrupt is the command's to handle: it stops, says so, and returns 130.
        // Any other exception from a signal handler (SystemExit, say) stops it too, and is raised.
        let mut interrupted = || match Python::attach(|py| py.check_signals()) {
            Ok(()) => false,
            Err(error) => {
                raised = Some(error);
                true
            }
        };
        let env = Env { stdin_is_terminal, stderr_is_terminal, interrupted: &mut interrupted };
        cli::run(argv, &mut stdin, &mut stdout, &mut stderr, env)
    });

    // A Ctrl-C that stopped a read or a write has been answered the same way.
    let not_interrupt = |error: &PyErr| !error.is_instance_of::<PyKeyboardInterrupt>(py);
    if let Some(error) = raised.filter(not_interrupt).or(stdin.error.filter(not_interrupt)) {
        return Err(error);
    }
    match stdout.error.filter(not_interrupt).or(stderr.error.filter(not_interrupt)) {
        Some(error) if error.is_instance_of::<PyBrokenPipeError>(py) => {
            silence_stdout(py);
            Ok(code)
        }
        Some(error) => Err(error),
        None => Ok(code),
    }
}

/// The arguments as the command takes them: a list (or tuple) of str or path-like objects.
/// A lone str is the likely slip (`main("boards.txt")`), so its message shows the fix.
fn arguments(argv: &Bound<'_, PyAny>) -> PyResult<Vec<OsString>> {
    if argv.is_instance_of::<PyString>() {
        let shown = argv.repr()?;
        return Err(PyTypeError::new_err(format!("main() takes a list of arguments, like main([{shown}]), not a str")));
    }
    if !(argv.is_instance_of::<PyList>() || argv.is_instance_of::<PyTuple>()) {
        return Err(PyTypeError::new_err(format!(
            "main() takes a list of arguments, like main(['boards.txt']), got {}",
            type_name(argv)
        )));
    }
    let fspath = argv.py().import("os")?.getattr("fspath")?;
    let mut arguments = Vec::new();
    for (index, item) in argv.try_iter()?.enumerate() {
        let item = item?;
        let text = if item.is_instance_of::<PyString>() { Ok(item.clone()) } else { fspath.call1((&item,)) };
        match text.and_then(|text| text.extract::<OsString>()) {
            Ok(argument) => arguments.push(argument),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "main() arguments must be str or path-like, got {} at argv[{index}]",
                    type_name(&item)
                )))
            }
        }
    }
    Ok(arguments)
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
