//! Message templates: `"{player} played {card}"`.

use proc_macro2::Span;

use crate::messages;

/// A piece of a template: literal text or a `{name}` placeholder.
#[derive(Debug, PartialEq)]
pub(crate) enum Part {
    Text(String),
    Name(String),
}

/// Splits a template into parts; `{{` and `}}` stand for braces.
///
/// # Errors
/// A message naming the unbalanced brace or the empty or malformed placeholder.
pub(crate) fn parse(template: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut text = String::new();
    let mut chars = template.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            '{' if chars.next_if(|&(_, next)| next == '{').is_some() => text.push('{'),
            '}' if chars.next_if(|&(_, next)| next == '}').is_some() => text.push('}'),
            '{' => {
                let mut name = String::new();
                loop {
                    match chars.next() {
                        Some((_, '}')) => break,
                        Some((_, '{')) | None => {
                            return Err(messages::unclosed_placeholder(&name));
                        }
                        Some((_, c)) => name.push(c),
                    }
                }
                let name = name.trim().to_owned();
                if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    return Err(messages::not_a_placeholder(&name));
                }
                if !text.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut text)));
                }
                parts.push(Part::Name(name));
            }
            '}' => {
                return Err(messages::unmatched_brace(&template[..at]));
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    Ok(parts)
}

/// A template as written, with its parts.
pub(crate) struct Template {
    pub(crate) literal: syn::LitStr,
    pub(crate) parts: Vec<Part>,
}

impl Template {
    pub(crate) fn span(&self) -> Span {
        self.literal.span()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_text_and_names() {
        assert_eq!(
            parse("{player} played {card}!").unwrap(),
            vec![
                Part::Name("player".into()),
                Part::Text(" played ".into()),
                Part::Name("card".into()),
                Part::Text("!".into())
            ]
        );
        assert_eq!(
            parse("{{literal}}").unwrap(),
            vec![Part::Text("{literal}".into())]
        );
    }

    #[test]
    fn rejects_broken_braces_saying_how_to_fix_them() {
        assert_eq!(
            parse("{player} played {card").unwrap_err(),
            "unclosed `{card` in the template; close it with `}`, or write `{{` for a literal brace"
        );
        assert_eq!(
            parse("{player played {card}").unwrap_err(),
            "unclosed `{player played ` in the template; close it with `}`, or write `{{` for a literal brace"
        );
        assert_eq!(
            parse("{player} scored}").unwrap_err(),
            "unmatched `}` after `{player} scored` in the template; write `}}` for a literal brace"
        );
        assert_eq!(
            parse("{the card}").unwrap_err(),
            "`{the card}` is not a placeholder; name `player`, a selection or an argument, like `{card}`, or write `{{` and `}}` for literal braces"
        );
        assert!(parse("{}").is_err());
    }
}
