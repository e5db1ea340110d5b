//! The model of an action as the author wrote it, every value with its tokens (and so its
//! span), and the parsing of the attributes into it.

use proc_macro2::TokenStream;
use syn::parse::ParseStream;
use syn::{Expr, Ident, LitStr, Token, Type, Visibility};

use crate::errors::Errors;
use crate::keywords::{self, ACTION_KEYS, PIECE_MOVES};
use crate::messages;
use crate::selection::group::{GroupDef, parse_group};
use crate::selection::{Kind, parse_field};
use crate::template::{self, Template};

/// One `#[derive(Action)]` struct.
pub(crate) struct ActionDef {
    pub(crate) ident: Ident,
    pub(crate) vis: Visibility,
    pub(crate) name: String,
    pub(crate) prompt: Option<Expr>,
    pub(crate) condition: Option<Expr>,
    pub(crate) description: Option<Template>,
    pub(crate) confirm: Option<Confirm>,
    pub(crate) messages: Vec<MessageDef>,
    pub(crate) behaviour: Option<Expr>,
    /// `completions = <expr>`: every completion at once, each a value (one selection) or
    /// a tuple of values (several), to count and draw them without walking the selections.
    pub(crate) completions: Option<Expr>,
    pub(crate) fields: Vec<FieldDef>,
    /// The `group(name, prompt = .., validate = ..)` declarations.
    pub(crate) groups: Vec<GroupDef>,
    /// The moves of pieces (`move_piece(..)`, `swap_pieces(..)`, `reorder(..)`,
    /// `shuffle(..)`), applied before the moves of `behaviour`.
    pub(crate) pieces: Vec<PieceDef>,
    /// Whether an `#[action(..)]` could not be read to its end: what follows the mistake
    /// is unknown, so no check may report it missing.
    pub(crate) attrs_cut_short: bool,
}

/// A move of pieces declared on the action, with each of its keys.
pub(crate) struct PieceDef {
    /// `move_piece`, `swap_pieces`, `reorder` or `shuffle`, as written.
    pub(crate) kind: Ident,
    /// The keys and their values, in the order written.
    pub(crate) keys: Vec<(Ident, Expr)>,
}

impl PieceDef {
    /// The value of `key`, if given.
    pub(crate) fn get(&self, key: &str) -> Option<&Expr> {
        self.keys
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }
}

/// The `confirm` of an action, asked once every selection is made: a template naming
/// `player`, the selections and the arguments, or an expression that sees them.
pub(crate) enum Confirm {
    Template(Template),
    Expr(Expr),
}

/// A `message = "..."` or `message(to = ..., "...")`.
pub(crate) struct MessageDef {
    pub(crate) to: Option<Expr>,
    pub(crate) template: Template,
}

/// A field: a selection or an argument.
pub(crate) enum FieldDef {
    /// `#[arg]`, or `#[arg(label = <expr>)]`: how templates show the argument.
    Arg {
        ident: Ident,
        ty: Box<Type>,
        label: Option<Expr>,
    },
    Selection(Box<SelectionDef>),
}

impl FieldDef {
    pub(crate) fn ident(&self) -> &Ident {
        match self {
            FieldDef::Arg { ident, .. } => ident,
            FieldDef::Selection(selection) => &selection.ident,
        }
    }
}

/// A selection field: what every kind shares, and its kind (`selection/`).
pub(crate) struct SelectionDef {
    pub(crate) ident: Ident,
    pub(crate) ty: Type,
    pub(crate) kind: Box<dyn Kind>,
    pub(crate) prompt: Option<Expr>,
    pub(crate) validate: Option<Expr>,
    pub(crate) skip: SkipDef,
    /// `group = name`: shown together with the other selections of that group.
    pub(crate) group: Option<Ident>,
}

/// `skip_if`: a strategy, or a `bool` expression (while true, the game chooses).
pub(crate) enum SkipDef {
    Default,
    Strategy(Strategy),
    When(Expr),
}

/// `skip_if = "<strategy>"`.
#[derive(Clone, Copy)]
pub(crate) enum Strategy {
    OnlyOne,
    Never,
    Always,
}

/// What `parse_action` could not make sense of is in `errors`; it still returns a model
/// of what it could read, so `check` can report more mistakes in the same compile.
pub(crate) fn parse_action(input: &syn::DeriveInput, errors: &mut Errors) -> Option<ActionDef> {
    if !input.generics.params.is_empty() {
        errors.at(&input.generics, messages::GENERIC_ACTION);
    }
    let syn::Data::Struct(data) = &input.data else {
        errors.at(&input.ident, messages::ACTION_NOT_A_STRUCT);
        return None;
    };
    let mut action = ActionDef {
        ident: input.ident.clone(),
        vis: input.vis.clone(),
        name: snake_case(&input.ident.to_string()),
        prompt: None,
        condition: None,
        description: None,
        confirm: None,
        messages: Vec::new(),
        behaviour: None,
        completions: None,
        fields: Vec::new(),
        groups: Vec::new(),
        pieces: Vec::new(),
        attrs_cut_short: false,
    };
    for attr in &input.attrs {
        if attr.path().is_ident("action") {
            parse_action_attr(attr, &mut action, errors);
        }
    }
    let fields = match &data.fields {
        syn::Fields::Named(named) => named.named.iter().collect::<Vec<_>>(),
        syn::Fields::Unit => Vec::new(),
        syn::Fields::Unnamed(unnamed) => {
            errors.at(unnamed, messages::UNNAMED_SELECTIONS);
            return Some(action);
        }
    };
    for field in fields {
        if let Some(field) = parse_field(field, errors) {
            action.fields.push(field);
        }
    }
    Some(action)
}

fn parse_action_attr(attr: &syn::Attribute, action: &mut ActionDef, errors: &mut Errors) {
    let result = attr.parse_nested_meta(|meta| {
        let key = meta
            .path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        match key.as_str() {
            "prompt" => set_once(
                &mut action.prompt,
                meta.value()?.parse()?,
                &meta.path,
                errors,
            ),
            "condition" => set_once(
                &mut action.condition,
                meta.value()?.parse()?,
                &meta.path,
                errors,
            ),
            "confirm" => {
                // A template like `message`'s, or an expression.
                let value: Expr = meta.value()?.parse()?;
                let confirm = match value {
                    Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(literal),
                        ..
                    }) => parse_template(literal, errors).map(Confirm::Template),
                    other => Some(Confirm::Expr(other)),
                };
                if let Some(confirm) = confirm {
                    set_once(&mut action.confirm, confirm, &meta.path, errors);
                }
            }
            "behaviour" | "behavior" => set_once(
                &mut action.behaviour,
                meta.value()?.parse()?,
                &meta.path,
                errors,
            ),
            "completions" => set_once(
                &mut action.completions,
                meta.value()?.parse()?,
                &meta.path,
                errors,
            ),
            "description" => {
                let literal: LitStr = meta.value()?.parse()?;
                if let Some(template) = parse_template(literal, errors) {
                    set_once(&mut action.description, template, &meta.path, errors);
                }
            }
            piece if PIECE_MOVES.contains(&piece) => {
                let content;
                syn::parenthesized!(content in meta.input);
                let kind = meta
                    .path
                    .get_ident()
                    .cloned()
                    .unwrap_or_else(|| Ident::new("shuffle", proc_macro2::Span::call_site()));
                match parse_keys(&content) {
                    Ok(keys) => action.pieces.push(PieceDef { kind, keys }),
                    Err(error) => {
                        errors.push(error);
                        content.parse::<TokenStream>()?;
                    }
                }
            }
            "group" => {
                let content;
                syn::parenthesized!(content in meta.input);
                // The parentheses are read whole: after a mistake inside, the other keys still are.
                match parse_group(&content, errors) {
                    Ok(group) => action.groups.push(group),
                    Err(error) => {
                        errors.push(error);
                        content.parse::<TokenStream>()?;
                    }
                }
            }
            "message" => {
                if meta.input.peek(Token![=]) {
                    let literal: LitStr = meta.value()?.parse()?;
                    if let Some(template) = parse_template(literal, errors) {
                        action.messages.push(MessageDef { to: None, template });
                    }
                } else {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    // The parentheses are read whole: after a mistake inside, the other keys still are.
                    match parse_message_to(&content) {
                        Ok((to, literal)) => {
                            if let Some(template) = parse_template(literal, errors) {
                                action.messages.push(MessageDef {
                                    to: Some(to),
                                    template,
                                });
                            }
                        }
                        Err(error) => {
                            errors.push(error);
                            content.parse::<TokenStream>()?;
                        }
                    }
                }
            }
            _ => {
                errors.at(
                    &meta.path,
                    keywords::unknown_key(&path_text(&meta.path), "#[action]", &ACTION_KEYS),
                );
                // A misspelled key may be one that is required: none is reported missing.
                action.attrs_cut_short = true;
                skip_value(meta.input)?;
            }
        }
        Ok(())
    });
    if let Err(error) = result {
        errors.push(error);
        action.attrs_cut_short = true;
    }
}

/// `key = value, ...`.
fn parse_keys(content: ParseStream<'_>) -> syn::Result<Vec<(Ident, Expr)>> {
    let mut keys = Vec::new();
    while !content.is_empty() {
        let key: Ident = content.call(<Ident as syn::ext::IdentExt>::parse_any)?;
        content.parse::<Token![=]>()?;
        keys.push((key, content.parse()?));
        if !content.is_empty() {
            content.parse::<Token![,]>()?;
        }
    }
    Ok(keys)
}

/// `to = <players>, "template"`.
fn parse_message_to(content: ParseStream<'_>) -> syn::Result<(Expr, LitStr)> {
    let expected = messages::MESSAGE_TO;
    let key: Ident = content.call(<Ident as syn::ext::IdentExt>::parse_any)?;
    if key != "to" {
        return Err(syn::Error::new(key.span(), expected));
    }
    content.parse::<Token![=]>()?;
    let to: Expr = content.parse()?;
    content.parse::<Token![,]>()?;
    let literal: LitStr = content.parse()?;
    if !content.is_empty() {
        return Err(content.error(expected));
    }
    Ok((to, literal))
}

fn parse_template(literal: LitStr, errors: &mut Errors) -> Option<Template> {
    match template::parse(&literal.value()) {
        Ok(parts) => Some(Template { literal, parts }),
        Err(message) => {
            errors.at(&literal, message);
            None
        }
    }
}

/// Puts `value` in `slot`, or reports `key` given twice.
pub(crate) fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    key: &impl quote::ToTokens,
    errors: &mut Errors,
) {
    if slot.is_some() {
        let key = key.to_token_stream();
        errors.at(&key, messages::given_twice(&key));
    } else {
        *slot = Some(value);
    }
}

/// Skips `= <expr>` or `(<tokens>)` after an unknown key, so parsing can go on.
fn skip_value(input: ParseStream<'_>) -> syn::Result<()> {
    if input.peek(Token![=]) {
        input.parse::<Token![=]>()?;
        input.parse::<Expr>()?;
    } else if input.peek(syn::token::Paren) {
        let content;
        syn::parenthesized!(content in input);
        content.parse::<TokenStream>()?;
    }
    Ok(())
}

/// Whether the attribute's arguments start with `key = ..` rather than an expression.
pub(crate) fn starts_with_key(input: ParseStream<'_>) -> bool {
    let fork = input.fork();
    fork.call(<Ident as syn::ext::IdentExt>::parse_any).is_ok()
        && fork.peek(Token![=])
        && !fork.peek(Token![==])
}

/// The element type of `Vec<T>`, written as `Vec<T>` or with a path ending in `Vec<T>`.
pub(crate) fn vec_item(ty: &Type) -> Option<Type> {
    let Type::Path(path) = ty else { return None };
    let last = path.path.segments.last()?;
    if last.ident != "Vec" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(arguments) = &last.arguments else {
        return None;
    };
    match arguments.args.first()? {
        syn::GenericArgument::Type(item) => Some(item.clone()),
        _ => None,
    }
}

/// A path as written: `a::b`.
pub(crate) fn path_text(path: &syn::Path) -> String {
    path.segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}

/// `PlayCard` -> `play_card`.
pub(crate) fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() {
            if i > 0 {
                snake.push('_');
            }
            snake.extend(c.to_lowercase());
        } else {
            snake.push(c);
        }
    }
    snake
}
