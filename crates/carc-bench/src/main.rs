//! carc's benchmark, one command: `cargo run --release -p carc-bench [-- OPTIONS] [SECTIONS]`.
//!
//! Sections (all by default): `engine` (random full games per second, 2 and 5 players with
//! farmers, one thread; legal-move generation on a 72-tile board), `analysis` (`analyze` of a
//! 72-tile game and of synthetic clean files of 1k, 10k and 100k lines, in process; files of
//! 100k and 1M syntax-error, `mark` and blank lines, and blank lines past the line limit), `server`
//! (the built `carc lsp` binary over stdio: didChange → publishDiagnostics, hover and inlay-hint
//! round trips on a 72-tile game; peak memory with ten such games open), `scaling` (the
//! inputs of issue 25 that grew with the square of their size, each at two sizes ten times
//! apart: the time should grow about tenfold), `sets` (issue 24: the cost of a placed tile
//! under each set combination and its ratio to the base game's, in instructions when
//! `valgrind` is installed, and in time).
//!
//! Options: `--quick` (fewer repetitions), `--carc PATH` (the server binary; by default the
//! `carc` next to this binary, built first with `cargo build --release -p carc`),
//! `--per-tile GAMES [SETS…]` (only play the games of the `sets` section and print the tiles
//! placed: what the section runs under callgrind).

use std::hint::black_box;
use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use carc_bench::files;
use carc_bench::games::{time_games, time_games_with};
use carc_bench::lsp::{self, edit, Client};
use carc_bench::sets;
use carc_bench::stats::Samples;
use carc_rules::{Sim, TileType};
use serde_json::json;

struct Options {
    quick: bool,
    carc: Option<PathBuf>,
    sections: Vec<String>,
}

fn main() {
    let mut options = Options {
        quick: false,
        carc: None,
        sections: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--quick" => options.quick = true,
            "--carc" => options.carc = args.next().map(PathBuf::from),
            "engine" | "analysis" | "server" | "scaling" | "sets" => options.sections.push(arg),
            "--per-tile" => {
                let games = args.next().and_then(|g| g.parse().ok()).unwrap_or(100);
                let words: Vec<String> = args.collect();
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                println!("{}", sets::play_tiles(games, &sets::sets_of(&words)));
                return;
            }
            "--bench" => {} // `cargo bench` passes it
            other => {
                eprintln!("usage: carc-bench [--quick] [--carc PATH] [engine] [analysis] [server] [scaling] [sets] | --per-tile GAMES [SETS…] (not {other})");
                std::process::exit(2);
            }
        }
    }
    let wants = |s: &str| options.sections.is_empty() || options.sections.iter().any(|x| x == s);
    machine();
    if wants("engine") {
        engine(&options);
    }
    if wants("analysis") {
        analysis(&options);
    }
    if wants("server") {
        server(&options);
    }
    if wants("scaling") {
        scaling(&options);
    }
    if wants("sets") {
        tile_costs(&options);
    }
}

/// Issue 24: the cost of a placed tile under each set combination, and its ratio to the base
/// game's (aim: within 1.25×).
fn tile_costs(options: &Options) {
    println!("\n== sets (issue 24: the cost of a placed tile; aim: within 1.25x the base game's)");
    let me = std::env::current_exe().unwrap_or_default();
    // callgrind counts exactly: a hundred games are enough; time needs more
    let (games, timed) = if options.quick {
        (30, 300)
    } else {
        (100, 3_000)
    };
    let mut base: Option<sets::TileCost> = None;
    for words in sets::COMBINATIONS {
        let cost = sets::tile_cost(&me, words, games, timed);
        let name = if words.is_empty() {
            "base game".to_owned()
        } else {
            words.join(" ")
        };
        let base = *base.get_or_insert(cost);
        let instructions = match (cost.instructions, base.instructions) {
            (Some(i), Some(b)) => format!("{i:>6.0} instructions per tile ({:.2}x)", i / b),
            _ => "(instructions: valgrind not found)".to_owned(),
        };
        println!(
            "{name:<46} {:>6} tiles in {games} games: {instructions}; {:.2} µs per tile ({:.2}x)",
            cost.tiles,
            cost.seconds * 1e6,
            cost.seconds / base.seconds
        );
    }
}

/// The inputs of issue 25 whose work grew with the square of their size, at two sizes ten
/// times apart (the larger one is the issue's own size times ten, unless `--quick`).
fn scaling(options: &Options) {
    println!(
        "\n== scaling (issue 25: each should grow about tenfold from the first size to the second)"
    );
    let sizes: [usize; 2] = if options.quick {
        [1_000, 10_000]
    } else {
        [10_000, 100_000]
    };
    for tiles in sizes {
        let text = files::setup(tiles, 1);
        let setup_end = text.rfind("\ntile ").map_or(0, |i| i + 1);
        let samples = Samples::time(3, || {
            let analysis = carc_analysis::analyze(&text);
            carc_analysis::hover(&analysis, setup_end)
        });
        println!(
            "{}",
            samples.line(&format!(
                "analyze + hover, {tiles}-tile setup under `rules boxes` (reachability model)"
            ))
        );
    }
    for tiles in sizes.map(|n| n / 10) {
        let text = files::synthetic(tiles + 6, 1);
        let analysis = carc_analysis::analyze(&text);
        let samples = Samples::time(3, || carc_analysis::moves(&analysis, "E", None));
        println!(
            "{}",
            samples.line(&format!("moves of E on a {tiles}-line game's board"))
        );
    }
    for (turns, depth) in [(400, 1_000), (4_000, 10_000)].map(|(t, d)| {
        if options.quick {
            (t, d)
        } else {
            (t * 10, d * 10)
        }
    }) {
        let text = files::nested_variations(turns, depth, 1);
        // blocks past the nesting limit are one `variation` error, not replayed
        let analysis = carc_analysis::analyze(&text);
        let codes: Vec<&str> = analysis
            .diagnostics()
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        let expected: &[&str] = if depth > carc_notation::MAX_VARIATION_DEPTH {
            &["variation"]
        } else {
            &[]
        };
        assert_eq!(codes, expected, "nested variations");
        let samples = Samples::time(3, || carc_analysis::analyze(&text));
        println!(
            "{}",
            samples.line(&format!(
                "analyze {turns} turns + {depth} nested empty variations"
            ))
        );
    }
}

/// The machine the figures come from.
fn machine() {
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map_or("?", |m| m.trim_start_matches([' ', '\t', ':']));
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let memory = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|m| m.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or("?".to_owned(), |kib| {
            format!("{:.1} GiB", kib as f64 / 1024.0 / 1024.0)
        });
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load = load.split(' ').take(3).collect::<Vec<_>>().join(" ");
    println!("machine: {cpus} CPUs ({model}), {memory}; load average {load}");
    if cfg!(debug_assertions) {
        println!("WARNING: a debug build; run with --release for meaningful figures");
    }
}

fn engine(options: &Options) {
    println!("\n== engine (carc-rules), one thread");
    let games = if options.quick { 20_000 } else { 150_000 };
    for players in [2, 5] {
        let run = time_games(games, players, 2_000);
        let per = run.seconds_per_game;
        println!(
            "random {players}-player games with farmers: {:>8.0} games/s ({:.1} µs per game, {games} games; checksum {})",
            1.0 / per,
            per * 1e6,
            run.checksum
        );
    }
    // the expansions of issue 16 beside the base game: 90 tiles, the large meeple, the abbot;
    // then the same after a river opening (102 tiles)
    use carc_rules::TileSet::{Abbot, InnsCathedrals, River};
    let mixes: [(&[carc_rules::TileSet], &str); 2] = [
        (&[Abbot, InnsCathedrals], "abbot and inns-cathedrals"),
        (
            &[River, Abbot, InnsCathedrals],
            "river, abbot and inns-cathedrals",
        ),
    ];
    for (sets, words) in mixes {
        let run = time_games_with(games, 2, 2_000, sets);
        let per = run.seconds_per_game;
        println!(
            "random 2-player games with farmers, {words}: {:>8.0} games/s ({:.1} µs per game, {games} games; checksum {})",
            1.0 / per,
            per * 1e6,
            run.checksum
        );
    }

    let mut sim = Sim::new(7, 2, true);
    sim.play_out();
    let board = sim.game().clone();
    let iters = if options.quick { 2_000 } else { 20_000 };
    let types = TileType::of_set(carc_rules::TileSet::Base).count();
    let mut moves = 0;
    let start = Instant::now();
    for _ in 0..iters {
        for t in TileType::of_set(carc_rules::TileSet::Base) {
            moves += black_box(&board).legal_placements(black_box(t)).len();
        }
    }
    let per = start.elapsed().as_secs_f64() / (iters as f64 * types as f64);
    println!(
        "legal_placements on a 72-tile board ({} open cells): {:.0} ns per tile type ({} moves for all {types} types)",
        board.open_cells().count(),
        per * 1e9,
        moves / iters
    );
    let start = Instant::now();
    let mut any = 0;
    for _ in 0..iters {
        for t in TileType::of_set(carc_rules::TileSet::Base) {
            any += usize::from(black_box(&board).has_legal_placement(black_box(t)));
        }
    }
    let per = start.elapsed().as_secs_f64() / (iters as f64 * types as f64);
    println!(
        "has_legal_placement on a 72-tile board: {:.1} ns per tile type ({} of {types} fit)",
        per * 1e9,
        any / iters
    );
}

fn analysis(options: &Options) {
    println!("\n== analysis (carc_analysis::analyze, in process, one thread)");
    let game = files::game(7);
    check_clean("72-tile game", &game);
    let n = if options.quick { 200 } else { 2_000 };
    let samples = Samples::time(n, || carc_analysis::analyze(&game));
    println!(
        "{}",
        samples.line(&format!(
            "analyze 72-tile game ({} lines)",
            game.lines().count()
        ))
    );
    for (lines, runs) in [(1_000, 300), (10_000, 40), (100_000, 7)] {
        let start = Instant::now();
        let text = files::synthetic(lines, 1);
        let generated = start.elapsed();
        check_clean(&format!("{lines}-line file"), &text);
        let runs = if options.quick { runs / 4 + 3 } else { runs };
        let samples = Samples::time(runs, || carc_analysis::analyze(&text));
        let per_line = samples.median().as_secs_f64() * 1e9 / lines as f64;
        println!(
            "{}  ({per_line:.0} ns/line; file simulated in {:.1} s)",
            samples.line(&format!(
                "analyze synthetic {lines} lines ({} KiB)",
                text.len() / 1024
            )),
            generated.as_secs_f64()
        );
    }
    hostile(options);
}

/// Files that were quadratic or aborted (issue 25, items 1 and 4), at the sizes and
/// ten times them: the time per line must not grow with the size.
fn hostile(options: &Options) {
    let sizes: &[(usize, usize)] = if options.quick {
        &[(100_000, 1)]
    } else {
        &[(100_000, 3), (1_000_000, 1)]
    };
    type Make = fn(usize) -> String;
    let kinds: [(&str, Make); 3] = [
        ("syntax-error lines", files::syntax_errors),
        ("mark lines", files::marks),
        ("blank lines", |n| "\n".repeat(n)),
    ];
    for (what, make) in kinds {
        for &(lines, runs) in sizes {
            let text = make(lines);
            let samples = Samples::time(runs, || carc_analysis::analyze(&text));
            let per_line = samples.median().as_secs_f64() * 1e9 / lines as f64;
            println!(
                "{}  ({per_line:.0} ns/line)",
                samples.line(&format!("analyze {lines} {what}"))
            );
        }
    }
    // Past the line limit: the rest is one syntax error, read in bounded time and memory.
    let lines = 4 * carc_notation::MAX_LINES;
    let text = "\n".repeat(lines);
    let samples = Samples::time(1, || carc_analysis::analyze(&text));
    println!(
        "{}",
        samples.line(&format!("analyze {lines} blank lines (past the limit)"))
    );
}

fn check_clean(what: &str, text: &str) {
    let analysis = carc_analysis::analyze(text);
    if let Some(d) = analysis.diagnostics().first() {
        panic!("the benchmark's {what} does not check clean: {d:?}");
    }
}

/// The `carc` binary: `--carc`, else built next to this binary.
fn carc_binary(options: &Options) -> PathBuf {
    if let Some(path) = &options.carc {
        return path.clone();
    }
    let exe = std::env::current_exe().expect("the bench binary's path");
    let dir = exe.parent().expect("a directory").to_path_buf();
    let target = dir.parent().expect("the target directory");
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut build = Command::new(cargo);
    build.args([
        "build",
        "--quiet",
        "-p",
        "carc",
        "--manifest-path",
        manifest,
    ]);
    if !cfg!(debug_assertions) {
        build.arg("--release");
    }
    let status = build.arg("--target-dir").arg(target).status();
    if !status.is_ok_and(|s| s.success()) {
        eprintln!("`cargo build -p carc` failed; pass --carc PATH");
        std::process::exit(2);
    }
    dir.join(format!("carc{}", std::env::consts::EXE_SUFFIX))
}

fn server(options: &Options) {
    let carc = carc_binary(options);
    println!("\n== server: `{} lsp` over stdio", carc.display());
    let spawn = || {
        let mut command = Command::new(&carc);
        command.arg("lsp");
        Client::spawn(command)
    };
    let rounds = if options.quick { 100 } else { 1_000 };

    let game = files::game(7);
    let uri = "file:///bench/game.carc";
    let mut client = spawn();
    client.open(uri, &game);
    assert_eq!(
        client.diagnostics(uri, 1),
        json!([]),
        "the game checks clean"
    );

    // A keystroke: type a character into the comment on line 0, or delete it again.
    let mut version = 1;
    let keystroke = |version: i64| {
        if version % 2 == 0 {
            edit((0, 2), (0, 2), "x")
        } else {
            edit((0, 2), (0, 3), "")
        }
    };
    let mut samples = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        version += 1;
        let start = Instant::now();
        client.change(uri, version, keystroke(version));
        client.diagnostics(uri, version);
        samples.push(start.elapsed());
    }
    let change = Samples::new(samples);
    println!(
        "{}",
        change.line("keystroke (didChange) -> publishDiagnostics")
    );

    let letters = lsp::turn_tile_letters(&game);
    let whole = json!({"start": {"line": 0, "character": 0}, "end": {"line": game.lines().count(), "character": 0}});
    let (mut hover, mut hints, mut hints_after_edit) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (line, character) = letters[round % letters.len()];
        let at = json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
        let start = Instant::now();
        let result = client.request("textDocument/hover", at);
        hover.push(start.elapsed());
        assert!(result.is_object(), "hover on line {line}: {result}");

        let params = json!({"textDocument": {"uri": uri}, "range": whole});
        let start = Instant::now();
        let result = client.request("textDocument/inlayHint", params.clone());
        hints.push(start.elapsed());
        assert!(result.as_array().is_some_and(|h| !h.is_empty()), "{result}");

        version += 1;
        client.change(uri, version, keystroke(version));
        let start = Instant::now();
        client.request("textDocument/inlayHint", params);
        hints_after_edit.push(start.elapsed());
        client.diagnostics(uri, version);
    }
    println!(
        "{}",
        Samples::new(hover).line("hover on a turn's tile (analysis cached)")
    );
    println!(
        "{}",
        Samples::new(hints).line("inlayHint, whole file (analysis cached)")
    );
    println!(
        "{}",
        Samples::new(hints_after_edit).line("inlayHint, whole file, right after a keystroke")
    );
    client.shutdown();

    // Memory: ten different 72-tile games open in one fresh server, each edited and hovered.
    let mut client = spawn();
    let pid = client.pid();
    let idle = lsp::memory_kib(pid);
    for i in 0..10u64 {
        let uri = format!("file:///bench/game{i}.carc");
        let text = files::game(100 + i);
        client.open(&uri, &text);
        assert_eq!(client.diagnostics(&uri, 1), json!([]));
        for v in 2..12 {
            client.change(&uri, v, keystroke(v));
        }
        client.diagnostics(&uri, 11);
        let (line, character) = lsp::turn_tile_letters(&text)[0];
        let at = json!({"textDocument": {"uri": uri}, "position": {"line": line, "character": character}});
        client.request("textDocument/hover", at);
        let params = json!({"textDocument": {"uri": uri}, "range": whole});
        client.request("textDocument/inlayHint", params);
    }
    std::thread::sleep(Duration::from_millis(50));
    match (idle, lsp::memory_kib(pid)) {
        (Some((_, idle_rss)), Some((hwm, rss))) => println!(
            "server memory with ten 72-tile files open: peak RSS (VmHWM) {:.1} MiB, RSS {:.1} MiB (after initialize, before opening: {:.1} MiB)",
            hwm as f64 / 1024.0,
            rss as f64 / 1024.0,
            idle_rss as f64 / 1024.0
        ),
        _ => println!("server memory: /proc/{pid}/status unreadable (not Linux?)"),
    }
    client.shutdown();

    // For scale: a keystroke in a 10k-line file.
    let big = files::synthetic(10_000, 1);
    let uri = "file:///bench/big.carc";
    let mut client = spawn();
    client.open(uri, &big);
    assert_eq!(client.diagnostics(uri, 1), json!([]));
    let mut samples = Vec::new();
    for version in 2..(2 + rounds as i64 / 10) {
        let start = Instant::now();
        client.change(uri, version, keystroke(version));
        client.diagnostics(uri, version);
        samples.push(start.elapsed());
    }
    println!(
        "{}",
        Samples::new(samples).line("keystroke -> publishDiagnostics, 10k-line file")
    );
    client.shutdown();
}
