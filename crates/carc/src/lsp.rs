//! `carc lsp`: the language server on stdin/stdout, with the arguments language clients pass
//! by convention. vscode-languageclient, for one, starts `carc lsp --stdio
//! --clientProcessId=N`: `--stdio` names the transport (the only one there is), and
//! `--clientProcessId N` is the editor's process, which the server outlives by at most a
//! second or so when the editor dies without saying `exit` (checked on Linux, through
//! `/proc`; elsewhere the value is accepted and not watched).

use std::process::ExitCode;
use std::time::Duration;

use crate::args;

/// How often the client process is looked for.
const WATCH_EVERY: Duration = Duration::from_millis(500);

/// The usage line of `carc lsp`.
pub const USAGE: &str = "usage: carc lsp [--stdio] [--clientProcessId N]";

/// The options of `carc lsp`, parsed.
#[derive(Debug, PartialEq, Eq)]
pub struct Options {
    /// The editor's process id (`--clientProcessId`), if given.
    pub client_process: Option<u32>,
}

/// Parses the arguments after `carc lsp`; `Err` is a usage message.
pub fn parse(args: &[String]) -> Result<Options, String> {
    const SPEC: args::Spec = args::Spec {
        usage: USAGE,
        valued: &[&["--clientProcessId"]],
        switches: &["--stdio"],
    };
    let parsed = args::parse(args, &SPEC)?;
    if let Some(extra) = parsed.positional.first() {
        return Err(format!("`carc lsp` takes no paths, got `{extra}`\n{USAGE}"));
    }
    let client_process = match parsed.value("--clientProcessId") {
        None => None,
        Some(v) => match v.parse::<u32>() {
            Ok(pid) if pid > 0 => Some(pid),
            _ => {
                return Err(format!(
                    "`--clientProcessId` takes a process id (a number from 1), not `{v}`\n{USAGE}"
                ))
            }
        },
    };
    Ok(Options { client_process })
}

/// Runs the language server on stdin/stdout until the client says `exit` (or, with
/// `--clientProcessId`, until that process is gone). By the protocol the status is 0 when
/// `shutdown` came first, else 1. Logs never go to stdout.
pub fn lsp(args: &[String]) -> Result<ExitCode, String> {
    let options = parse(args)?;
    if let Some(pid) = options.client_process {
        watch_client(pid);
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the language server: {e}"))?;
    let shut_down = runtime.block_on(carc_lsp::serve(tokio::io::stdin(), tokio::io::stdout()));
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

    fn parse_list(list: &[&str]) -> Result<Options, String> {
        let args: Vec<String> = list.iter().map(|s| s.to_string()).collect();
        parse(&args)
    }

    #[test]
    fn the_arguments_language_clients_pass() {
        assert_eq!(
            parse_list(&[]),
            Ok(Options {
                client_process: None
            })
        );
        assert_eq!(
            parse_list(&["--stdio"]),
            Ok(Options {
                client_process: None
            })
        );
        let with_pid = Ok(Options {
            client_process: Some(4242),
        });
        assert_eq!(parse_list(&["--stdio", "--clientProcessId=4242"]), with_pid);
        assert_eq!(
            parse_list(&["--clientProcessId", "4242", "--stdio"]),
            with_pid
        );
    }

    #[test]
    fn anything_else_is_a_clear_error() {
        let err = parse_list(&["--socket=5000"]).unwrap_err();
        assert!(err.starts_with("unknown option `--socket=5000`"), "{err}");
        assert!(err.contains(USAGE), "{err}");
        let err = parse_list(&["file.carc"]).unwrap_err();
        assert!(
            err.starts_with("`carc lsp` takes no paths, got `file.carc`"),
            "{err}"
        );
        for bad in ["abc", "0", "-3", ""] {
            let err = parse_list(&["--clientProcessId", bad]).unwrap_err();
            assert!(err.contains("takes a process id"), "{bad}: {err}");
        }
        let err = parse_list(&["--clientProcessId"]).unwrap_err();
        assert!(
            err.starts_with("`--clientProcessId` needs a value"),
            "{err}"
        );
        assert!(parse_list(&["--stdio=yes"])
            .unwrap_err()
            .contains("takes no value"));
    }

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
