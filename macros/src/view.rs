//! `#[derive(View)]`: parse the per-field policies of a state, check them, expand them into
//! an `impl meeple::View`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::Ident;

use crate::errors::{Errors, with_fallback};
use crate::fallback;
use crate::keywords::{VIEW_POLICIES, one_of};

/// A policy as the author wrote it, with its span.
#[derive(Clone, Copy)]
struct Policy {
    kind: PolicyKind,
    span: Span,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum PolicyKind {
    Visible,
    Order,
    Len,
    NonEmpty,
    Hidden,
}

impl PolicyKind {
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

    fn is_place_policy(self) -> bool {
        matches!(
            self,
            PolicyKind::Order | PolicyKind::Len | PolicyKind::NonEmpty
        )
    }
}

/// Who a field's policy applies to.
enum Scope {
    /// Every viewer but the admin.
    Everyone(Policy),
    /// Every viewer but the admin and the field's owner (a `PerPlayer` field).
    Others(Policy),
    /// A nested state with its own `View`.
    Nested(Span),
}

struct Field {
    ident: Ident,
    scope: Scope,
    /// Holds pieces: visited by the one-place check.
    place: bool,
}

pub(crate) fn derive_view(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let mut errors = Errors::default();
    let fields = parse(&input, &mut errors);
    match errors.finish() {
        Ok(()) => expand(&input, &fields),
        Err(error) => with_fallback(error, fallback::view(&input)),
    }
}

fn parse(input: &syn::DeriveInput, errors: &mut Errors) -> Vec<Field> {
    if !input.generics.params.is_empty() {
        errors.at(
            &input.generics,
            "`#[derive(View)]` goes on a game's concrete state: remove the type parameters",
        );
    }
    let syn::Data::Struct(data) = &input.data else {
        errors.at(
            &input.ident,
            "`#[derive(View)]` goes on a struct whose fields carry the policies; write `impl meeple::View` by hand for an enum",
        );
        return Vec::new();
    };
    let syn::Fields::Named(named) = &data.fields else {
        if !matches!(data.fields, syn::Fields::Unit) {
            errors.at(
                &data.fields,
                "`#[derive(View)]` needs named fields, each with its own policy",
            );
        }
        return Vec::new();
    };
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
                let key = meta.path.get_ident().map(ToString::to_string).unwrap_or_default();
                let mut set = |new: Scope, errors: &mut Errors| {
                    if scope.is_some() {
                        errors.at(
                            &meta.path,
                            format!("field `{ident}` already has a policy; give one: a policy for everyone (`len`), or one for everyone but the owner (`others = len`)"),
                        );
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
                        None => errors.at(
                            &value,
                            format!("unknown policy `{value}`; expected {}", one_of(&VIEW_POLICIES)),
                        ),
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
                    errors.at(
                        &meta.path,
                        format!("unknown policy `{key}`; expected {}, `others = <policy>` (the owner of a `PerPlayer` entry sees it), `nested` (a field with its own `View`) or `place` (a visible place of pieces)", one_of(&VIEW_POLICIES)),
                    );
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
        fields.push(Field {
            ident,
            scope,
            place,
        });
    }
    fields
}

impl Field {
    /// Where the field's policy was written (the field's name when it has none), so a
    /// type that does not fit the policy points at it.
    fn span(&self) -> Span {
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

fn conceal(policy: Policy, value: &TokenStream) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let span = policy.span;
    match policy.kind {
        PolicyKind::Visible => quote_spanned!(span=> #mp::Clone::clone(#value)),
        PolicyKind::Hidden => quote_spanned!(span=> #mp::Hide::hidden(#value)),
        PolicyKind::Order => {
            quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::Order))
        }
        PolicyKind::Len => quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::Len)),
        PolicyKind::NonEmpty => {
            quote_spanned!(span=> #mp::Conceal::conceal(#value, #mp::Policy::NonEmpty))
        }
    }
}

fn expand(input: &syn::DeriveInput, fields: &[Field]) -> TokenStream {
    let mp = quote!(::meeple::__private);
    let ident = &input.ident;
    let viewed = fields.iter().map(|field| {
        let name = &field.ident;
        // Spanned at the policy, so a type that does not fit points at it.
        let value = quote_spanned!(field.span()=> &self.#name);
        let expr = match &field.scope {
            Scope::Everyone(policy) => conceal(*policy, &value),
            Scope::Others(policy) => {
                let concealed = conceal(*policy, &quote!(__entry));
                quote_spanned!(policy.span=> #mp::PerPlayer::seen_by(#value, viewer, |__entry| #concealed))
            }
            Scope::Nested(span) => quote_spanned!(*span=> #mp::View::view(#value, viewer)),
        };
        quote!(#name: #expr)
    });
    let visits = fields.iter().filter_map(|field| {
        let name = &field.ident;
        match field.scope {
            Scope::Nested(span) => {
                Some(quote_spanned!(span=> #mp::View::visit_pieces(&self.#name, visit);))
            }
            _ if field.place => {
                Some(quote_spanned!(field.span()=> #mp::Pieces::visit_pieces(&self.#name, visit);))
            }
            _ => None,
        }
    });
    // Nested states say for themselves what they hide.
    let hidden = fields.iter().filter_map(|field| match &field.scope {
        Scope::Everyone(policy) | Scope::Others(policy) if policy.kind != PolicyKind::Visible => {
            Some(field.ident.to_string())
        }
        _ => None,
    });
    // Spanned at the state, so a state without `Serialize` is reported there, once.
    let serialize =
        quote_spanned!(ident.span()=> ::meeple::__private::serialize_state(self, serializer));
    quote! {
        #[automatically_derived]
        impl #mp::View for #ident {
            const HIDDEN_FIELDS: &'static [&'static str] = &[#(#hidden),*];

            fn view(&self, viewer: #mp::Viewer) -> Self {
                if viewer == #mp::Viewer::Admin {
                    return #mp::Clone::clone(self);
                }
                #ident { #(#viewed,)* }
            }

            fn serialize_state<__S: #mp::serde::Serializer>(
                &self,
                serializer: __S,
            ) -> #mp::Result<__S::Ok, __S::Error> {
                #serialize
            }

            #[allow(unused_variables)]
            fn visit_pieces(&self, visit: &mut dyn ::core::ops::FnMut(#mp::ComponentId)) {
                #(#visits)*
            }
        }
    }
}
