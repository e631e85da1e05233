//! Analysis of `.carc` documents in byte offsets.
