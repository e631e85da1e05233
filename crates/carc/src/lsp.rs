//! `carc lsp`: the language server on stdin/stdout, with the arguments language clients pass
//! by convention. vscode-languageclient, for one, starts `carc lsp --stdio
//! --clientProcessId=N`: `--stdio` names the transport (the only one there is), and
//! `--clientProcessId N` is the editor's process, which the server outlives by at most a
//! second or so when the editor dies without saying `exit` (checked on Linux, through
//! `/proc`; elsewhere the value is accepted and not watched). The `processId` of `initialize`
//! is watched the same way.

use std::process::ExitCode;
use std::time::Duration;

use crate::args;
use crate::{Outcome, Problem};

/// How often the client process is looked for.
const WATCH_EVERY: Duration = Duration::from_millis(500);

/// Runs the language server on stdin/stdout until the client says `exit` (or, with
/// `--clientProcessId`, until that process is gone). By the protocol the status is 0 when
/// `shutdown` came first, else 1. Logs never go to stdout.
pub fn lsp(args: args::LspArgs) -> Outcome {
    if let Some(pid) = args.client_process_id {
        watch_client(pid);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Problem::Fail(format!("cannot start the language server: {e}")))?;
    // `initialize`'s `processId` is watched like `--clientProcessId`.
    let shut_down = runtime.block_on(carc_lsp::serve_watching(
        tokio::io::stdin(),
        tokio::io::stdout(),
        watch_client,
    ));
    // The thread blocked reading stdin cannot be cancelled: do not wait for it.
    runtime.shutdown_background();
    Ok(if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Ends the process with status 1 (no `shutdown` came) once `pid` no longer runs.
fn watch_client(pid: u32) {
    if !can_watch() {
        return;
    }
    std::thread::spawn(move || loop {
        if !process_alive(pid) {
            eprintln!("carc lsp: the client process {pid} is gone; exiting");
            std::process::exit(1);
        }
        std::thread::sleep(WATCH_EVERY);
    });
}

/// Whether processes can be looked for on this system.
fn can_watch() -> bool {
    cfg!(target_os = "linux") && std::path::Path::new("/proc/self").exists()
}

/// Whether process `pid` exists (Linux: `/proc/PID`). A zombie still counts as alive until
/// its parent reaps it, except that its state says so.
fn process_alive(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state is the field after the command name, which is in parentheses.
        Ok(stat) => !matches!(
            stat.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().chars().next()),
            Some(Some('Z' | 'X'))
        ),
        Err(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_is_alive_and_an_unused_id_is_not() {
        if !can_watch() {
            return;
        }
        assert!(process_alive(std::process::id()));
        // Linux process ids stop at 2^22 (pid_max's upper bound).
        assert!(!process_alive(u32::MAX));
    }
}
