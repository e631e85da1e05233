//! Issue 25, item 2: nested `variation` blocks on a big board. Each level copied the whole
//! position (board, features, marks, the line of each tile), so 4,000 turns and 10,000
//! nested blocks took 9.65 GB. A level that changes nothing now shares the position of the
//! level around it. This binary counts the bytes allocated (its own global allocator) and
//! compares the peak with and without the blocks; the time and the 10× sizes are in the
//! benchmark (`carc-bench analysis`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use carc_analysis::{analyze, game_text};
use carc_rules::simulate_boxes;

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The peak of bytes in use while `text` is analysed, above what was in use before; and its
/// diagnostics' codes.
fn peak_of(text: &str) -> (usize, Vec<&'static str>) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let analysis = analyze(text);
    let codes = analysis
        .diagnostics()
        .iter()
        .map(|d| d.code.as_str())
        .collect();
    drop(analysis);
    (PEAK.load(Ordering::Relaxed) - before, codes)
}

/// A 600-turn game (clean), its `end` line cut off.
fn long_game() -> String {
    let record = simulate_boxes(3, 2, true, 9, 600);
    let text = game_text(&record, "Nested variations", &[]);
    text.strip_suffix("end\n")
        .expect("game_text ends with `end`")
        .to_string()
}

/// `depth` nested empty blocks before the game's end.
fn nested(game: &str, depth: usize) -> String {
    format!(
        "{game}{}{}",
        "variation \"deeper\" {\n".repeat(depth),
        "}\n".repeat(depth)
    )
}

#[test]
fn nested_variations_do_not_copy_the_board_per_level() {
    let game = long_game();
    let (plain, codes) = peak_of(&game);
    assert!(codes.is_empty(), "the game checks clean: {codes:?}");
    // half the nesting limit, and the limit (deeper blocks are an error and not replayed)
    let deepest = carc_notation::MAX_VARIATION_DEPTH;
    let (half, codes) = peak_of(&nested(&game, deepest / 2));
    assert!(codes.is_empty(), "the blocks check clean: {codes:?}");
    let (full, codes) = peak_of(&nested(&game, deepest));
    assert!(codes.is_empty(), "the blocks check clean: {codes:?}");
    // What a level costs: its two lines (parsed, with their facts), not a copy of the
    // position, which is a good part of the whole analysis of the 600-turn game.
    let per_level = full.saturating_sub(half) / (deepest - deepest / 2);
    assert!(
        per_level * 20 < plain,
        "a nested level costs {per_level} bytes; the whole game's analysis peaks at {plain}"
    );
}

/// Shared positions are still put back: blocks "a" and "b" open in a row (one shared
/// position), "b" plays blue's E, and after its `}` the cell is free again for "a" to play the
/// same E; "d" changes nothing inside "c". The scores follow docs/notation.md's example:
/// blue's E at 0,1 closes red's two-tile city, 2 tiles x 2 = 4 to red.
#[test]
fn positions_shared_by_nested_blocks_are_still_put_back() {
    let text = "players red blue\ntile D 0,0 red knight N\n\
        variation \"a\" {\nvariation \"b\" {\nturn blue E 0,1 r180 => red +4\n\
        expect score red 4\n}\nexpect score red 0\nturn blue E 0,1 r180 => red +4\n\
        variation \"c\" {\nvariation \"d\" {\n}\nexpect score red 4\n}\n}\n\
        turn blue U 1,0 r90 => nothing\nexpect score red 0\n";
    let (_, codes) = peak_of(text);
    assert!(codes.is_empty(), "{codes:?}");
    // the check can fail: the position after "b" is not the one before it
    let wrong = text.replace("}\nexpect score red 0\nturn", "}\nexpect score red 4\nturn");
    let (_, codes) = peak_of(&wrong);
    assert_eq!(codes, ["score-mismatch"]);
}
