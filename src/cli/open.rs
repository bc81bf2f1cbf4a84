//! Opening an input so that Ctrl-C is heard while the open waits (a FIFO with no writer yet,
//! `valid-sudoku <(slow command)`), which `File::open` would retry after every signal.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::Failure;

/// Opens `path` for reading. A signal that interrupts the wait asks `interrupted`: true stops
/// with [`Failure::Interrupted`], false waits on.
#[cfg(unix)]
pub fn open_heeding(path: &Path, interrupted: &mut dyn FnMut() -> bool) -> Result<File, Failure> {
    use std::ffi::CString;
    use std::os::fd::FromRawFd;
    use std::os::unix::ffi::OsStrExt;

    let Ok(name) = CString::new(path.as_os_str().as_bytes()) else {
        return Err(Failure::Open(io::Error::new(io::ErrorKind::InvalidInput, "the path holds a NUL byte")));
    };
    loop {
        // SAFETY: `name` is a NUL-terminated string that outlives the call; the flags are
        // constants, and no mode is needed without O_CREAT.
        let fd = unsafe { libc::open(name.as_ptr(), libc::O_RDONLY | libc::O_CLOEXEC) };
        if fd >= 0 {
            // SAFETY: `fd` was just opened here and nothing else owns it.
            return Ok(unsafe { File::from_raw_fd(fd) });
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(Failure::Open(error));
        }
        if interrupted() {
            return Err(Failure::Interrupted);
        }
    }
}

/// Opens `path` for reading (no signal interrupts an open here).
#[cfg(not(unix))]
pub fn open_heeding(path: &Path, _interrupted: &mut dyn FnMut() -> bool) -> Result<File, Failure> {
    File::open(path).map_err(Failure::Open)
}

/// One read of `reader`, retried after a signal (EINTR) unless the host then says stop, when
/// it fails with the error of a Ctrl-C. No reader sees an interrupted read, so none need
/// retry one (the CSV reader would not).
pub fn read_heeding<R: Read + ?Sized>(
    reader: &mut R,
    buf: &mut [u8],
    interrupted: &mut dyn FnMut() -> bool,
) -> io::Result<usize> {
    loop {
        match reader.read(buf) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                if interrupted() {
                    return Err(super::Interrupt::io_error());
                }
            }
            result => return result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opens_files_and_names_what_is_wrong() {
        let mut never = || false;
        assert!(open_heeding(Path::new("Cargo.toml"), &mut never).is_ok());
        let missing = open_heeding(Path::new("/no/such/file"), &mut never);
        assert!(matches!(missing, Err(Failure::Open(error)) if error.kind() == io::ErrorKind::NotFound));
    }

    /// Interrupted `eintr` times, then reads one byte.
    struct Interrupted(usize);

    impl Read for Interrupted {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0 == 0 {
                return Ok(buf.len().min(1));
            }
            self.0 -= 1;
            Err(io::ErrorKind::Interrupted.into())
        }
    }

    #[test]
    fn an_interrupted_read_is_retried_until_the_host_says_stop() {
        let mut asked = 0;
        let read = read_heeding(&mut Interrupted(3), &mut [0; 4], &mut || {
            asked += 1;
            false
        });
        assert_eq!((read.ok(), asked), (Some(1), 3));
        let stopped = read_heeding(&mut Interrupted(3), &mut [0; 4], &mut || true).unwrap_err();
        assert!(super::super::Interrupt::is_in(&stopped));
        let other = read_heeding(&mut io::repeat(0).take(0).chain(Failing), &mut [0; 4], &mut || true).unwrap_err();
        assert!(!super::super::Interrupt::is_in(&other));
    }

    struct Failing;

    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
            Err(io::Error::other("disk"))
        }
    }
}
