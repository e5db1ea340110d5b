//! The fields of a game's state as `#[view(..)]` declares them, read once for both
//! `#[derive(View)]` (what each viewer sees) and `#[derive(Places)]` (the fields that are
//! places of pieces).

use proc_macro2::Span;
use syn::{Ident, Type};

use crate::errors::Errors;
use crate::messages;

/// A policy as the author wrote it, with its span.
#[derive(Clone, Copy)]
pub(crate) struct Policy {
    pub(crate) kind: PolicyKind,
    pub(crate) span: Span,
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum PolicyKind {
    Visible,
    Order,
    Len,
    NonEmpty,
    Hidden,
}

impl PolicyKind {
    /// The policy named `name`, one of [`VIEW_POLICIES`](crate::keywords::VIEW_POLICIES).
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "visible" => PolicyKind::Visible,
            "order" => PolicyKind::Order,
            "len" => PolicyKind::Len,
            "non_empty" => PolicyKind::NonEmpty,
            "hidden" => PolicyKind::Hidden,
            _ => return None,
        })
    }

    /// Whether the policy is one of a place of pieces.
    fn is_place_policy(self) -> bool {
        matches!(
            self,
            PolicyKind::Order | PolicyKind::Len | PolicyKind::NonEmpty
        )
    }
}

/// Who a field's policy applies to.
pub(crate) enum Scope {
    /// Every viewer but the admin.
    Everyone(Policy),
    /// Every viewer but the admin and the field's owner (a `PerPlayer` field).
    Others(Policy),
    /// A nested state with its own `View`.
    Nested(Span),
}

/// A field of the state with its policy.
pub(crate) struct StateField {
    pub(crate) ident: Ident,
    pub(crate) ty: Type,
    pub(crate) scope: Scope,
    /// Holds pieces: visited by the one-place check, addressed by `Places`.
    pub(crate) place: bool,
}

/// Reads the `#[view(..)]` of each named field; mistakes go to `errors`.
pub(crate) fn fields(named: &syn::FieldsNamed, errors: &mut Errors) -> Vec<StateField> {
    let mut fields = Vec::new();
    for field in &named.named {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        let mut scope: Option<Scope> = None;
        let mut place = false;
        for attr in field
            .attrs
            .iter()
            .filter(|attr| attr.path().is_ident("view"))
        {
            let result = attr.parse_nested_meta(|meta| {
                let key = meta
                    .path
                    .get_ident()
                    .map(ToString::to_string)
                    .unwrap_or_default();
                let mut set = |new: Scope, errors: &mut Errors| {
                    if scope.is_some() {
                        errors.at(&meta.path, messages::second_policy(&ident));
                    } else {
                        scope = Some(new);
                    }
                };
                if key == "place" {
                    place = true;
                } else if key == "nested" {
                    set(Scope::Nested(meta.path.span_of()), errors);
                } else if key == "others" {
                    let value: Ident = meta.value()?.parse()?;
                    match PolicyKind::parse(&value.to_string()) {
                        Some(kind) => set(
                            Scope::Others(Policy {
                                kind,
                                span: value.span(),
                            }),
                            errors,
                        ),
                        None => errors.at(&value, messages::unknown_others_policy(&value)),
                    }
                } else if let Some(kind) = PolicyKind::parse(&key) {
                    set(
                        Scope::Everyone(Policy {
                            kind,
                            span: meta.path.span_of(),
                        }),
                        errors,
                    );
                } else {
                    errors.at(&meta.path, messages::unknown_policy(&key));
                    if meta.input.peek(syn::Token![=]) {
                        meta.value()?.parse::<syn::Expr>()?;
                    }
                }
                Ok(())
            });
            if let Err(error) = result {
                errors.push(error);
            }
        }
        let scope = scope.unwrap_or(Scope::Everyone(Policy {
            kind: PolicyKind::Visible,
            span: ident.span(),
        }));
        let place = place
            || match &scope {
                Scope::Everyone(policy) | Scope::Others(policy) => policy.kind.is_place_policy(),
                Scope::Nested(_) => false,
            };
        fields.push(StateField {
            ty: field.ty.clone(),
            ident,
            scope,
            place,
        });
    }
    fields
}

impl StateField {
    /// Where the field's policy was written (the field's name when it has none), so a
    /// type that does not fit the policy points at it.
    pub(crate) fn span(&self) -> Span {
        match &self.scope {
            Scope::Everyone(policy) | Scope::Others(policy) => policy.span,
            Scope::Nested(span) => *span,
        }
    }
}

trait SpanOf {
    fn span_of(&self) -> Span;
}

impl SpanOf for syn::Path {
    fn span_of(&self) -> Span {
        self.segments
            .first()
            .map_or_else(Span::call_site, |segment| segment.ident.span())
    }
}
