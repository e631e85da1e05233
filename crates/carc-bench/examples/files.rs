//! Writes the benchmark's files into a folder, to check them with `carc check` or profile with
//! them: `cargo run --release -p carc-bench --example files -- DIR`.

fn main() {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "bench-files".to_owned());
    std::fs::create_dir_all(&dir).expect("the folder");
    let mut files = vec![("game-72-tiles.carc".to_owned(), carc_bench::files::game(7))];
    for lines in [1_000, 10_000, 100_000] {
        let text = carc_bench::files::synthetic(lines, 1);
        files.push((format!("synthetic-{lines}-lines.carc"), text));
    }
    // issue 25's inputs: a big setup (the reachability model) and deep variations
    files.push((
        "setup-10000-tiles.carc".to_owned(),
        carc_bench::files::setup(10_000, 1),
    ));
    files.push((
        "nested-4000-turns-10000-variations.carc".to_owned(),
        carc_bench::files::nested_variations(4_000, 10_000, 1),
    ));
    // issue 25's export: games of 200, 2,000 and 20,000 turns (a page linear in its length)
    for turns in [200, 2_000, 20_000] {
        files.push((
            format!("game-{turns}-turns.carc"),
            carc_bench::files::synthetic(turns + 6, 1),
        ));
    }
    for (name, text) in files {
        let path = std::path::Path::new(&dir).join(name);
        std::fs::write(&path, text).expect("write");
        println!("{}", path.display());
    }
}
