//! The rules panel's text: each game told briefly in the project's own words, naming the
//! rules that are our reconstructions or rulings (where the source texts are silent, cut
//! short or lost their diagrams) and where those rulings are written down. Each game declares
//! its text with the rest of its record (`src/variants/<game>.rs`).

use crate::variant::Variant;

/// The rules of `variant` for the page: paragraphs separated by a blank line, plain text.
///
/// ```
/// use fairyboard::{rules_text::rules_text, Variant};
/// assert!(rules_text(Variant::Quarter).contains("Q1"));
/// ```
pub fn rules_text(variant: Variant) -> &'static str {
    variant.info().rules_text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_text_naming_its_rulings() {
        for v in Variant::ALL {
            let t = rules_text(v);
            assert!(t.len() > 200, "{}", v.id());
            assert!(t.contains("\n\n"), "{}: paragraphs", v.id());
            if v != Variant::Orthodox {
                let doc = format!("docs/rulings-{}.md", v.id());
                assert!(t.contains(&doc), "{} names {doc}", v.id());
            }
        }
        assert!(rules_text(Variant::Quarter).contains("reconstruction (Q1)"));
    }
}
