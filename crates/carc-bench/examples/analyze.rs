//! Analyses one file repeatedly, for a profiler (`valgrind --tool=callgrind`, `perf record`):
//! `cargo run --profile profiling -p carc-bench --example analyze -- FILE [TIMES]` (the release
//! build with debug info; binary in target/profiling/examples/).

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: analyze FILE [TIMES]");
    let times: usize = args.next().map_or(1, |n| n.parse().expect("a count"));
    let text = std::fs::read_to_string(&path).expect("the file");
    let start = std::time::Instant::now();
    let mut diagnostics = 0;
    for _ in 0..times {
        diagnostics += carc_analysis::analyze(std::hint::black_box(&text))
            .diagnostics()
            .len();
    }
    println!(
        "{path}: {:.1} µs per analysis, {} diagnostics",
        start.elapsed().as_secs_f64() * 1e6 / times as f64,
        diagnostics / times.max(1)
    );
}
