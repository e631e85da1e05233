//! Helpers shared by the command-line tests: run `carc` from the repository root, and a fresh
//! scratch folder under the target directory.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `carc` binary with `args` in the repository root and waits for it.
pub fn carc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_carc"))
        .args(args)
        .current_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
        .output()
        .expect("carc runs")
}

/// An empty folder `name` under the tests' temporary directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}
