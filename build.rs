fn main() {
    // Makes `#[cfg(Py_3_14)]`, `#[cfg(Py_GIL_DISABLED)]`, `#[cfg(PyPy)]` etc. usable in this crate,
    // so the CPython fast path can be compiled only where its layout assumptions hold.
    pyo3_build_config::use_pyo3_cfgs();
}
