//! A stable insertion sort for the few short lists the engine sorts (root moves, a link's
//! move texts, table construction). The standard library's sorts are fast on long slices
//! but each instantiation adds several kilobytes to the wasm download; on lists of a few
//! hundred items at most, called once per search iteration or per position read, this one
//! costs nothing measurable and gives the same order as the standard stable sort.

/// Sorts `v` by `less` (a strict order), keeping equal items in their order.
pub(crate) fn sort_by<T>(v: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && less(&v[j], &v[j - 1]) {
            v.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        let mut rng = fastrand::Rng::with_seed(7);
        for len in 0..60 {
            let v: Vec<(u8, usize)> = (0..len).map(|i| (rng.u8(0..8), i)).collect();
            let mut ours = v.clone();
            sort_by(&mut ours, |a, b| a.0 < b.0);
            let mut theirs = v;
            theirs.sort_by_key(|x| x.0);
            assert_eq!(ours, theirs);
        }
    }
}
