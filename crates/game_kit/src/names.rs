//! Names of rule sets, presets and games, as people and programs write them.

/// Whether `a` and `b` are the same name once case, spaces, `-` and `_` are
/// ignored: `Tromp-Taylor`, `tromp_taylor`, `TrompTaylor` and `tromp taylor` are
/// one name. Rule-set names are ASCII; other characters are compared as they are.
///
/// ```
/// assert!(game_kit::same_name("New Zealand", "new_zealand"));
/// assert!(!game_kit::same_name("aga", "aga_button"));
/// ```
pub fn same_name(a: &str, b: &str) -> bool {
    key(a).eq(key(b))
}

/// A name's letters as compared: lower-case, without separators.
fn key(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .map(|c| c.to_ascii_lowercase())
}

/// The index of `name` in `names` by [`same_name`], or `None`.
///
/// ```
/// let presets = ["source", "blitz", "blitz3", "corners"];
/// assert_eq!(game_kit::find_name(&presets, "BLITZ-3"), Some(2));
/// assert_eq!(game_kit::find_name(&presets, "blitz 4"), None);
/// ```
pub fn find_name(names: &[&str], name: &str) -> Option<usize> {
    names.iter().position(|n| same_name(n, name))
}

#[cfg(test)]
mod tests {
    use super::{find_name, same_name};

    #[test]
    fn separators_and_case_are_ignored() {
        for spelling in [
            "tromp_taylor",
            "Tromp-Taylor",
            "TrompTaylor",
            "tromp taylor",
            " TROMP__TAYLOR ",
        ] {
            assert!(same_name(spelling, "tromp_taylor"), "{spelling}");
        }
    }

    #[test]
    fn other_letters_count() {
        assert!(!same_name("chinese", "chinese_ogs"));
        assert!(!same_name("chinese_ogs", "chinese_kgs"));
        assert!(!same_name("", "a"));
        assert!(same_name("", " - _"));
        assert!(!same_name("blitz", "blitz3"));
    }

    #[test]
    fn non_ascii_is_compared_as_written() {
        assert!(!same_name("Ô ăn quan", "ô_ăn_quan"));
        assert!(same_name("ăn", "ăn"));
    }

    #[test]
    fn find_gives_the_first_match() {
        assert_eq!(find_name(&["a", "b", "B"], "b"), Some(1));
        assert_eq!(find_name(&[], "a"), None);
    }
}
