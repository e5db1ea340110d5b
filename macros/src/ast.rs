//! The model of an action as the author wrote it, every value with its tokens (and so its
//! span), and the parsing of the attributes into it.

use proc_macro2::TokenStream;
use syn::parse::ParseStream;
use syn::{Expr, Ident, LitStr, Token, Type, Visibility};

use crate::errors::Errors;
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
    /// The keys each kind takes: the required ones, then the optional ones.
    pub(crate) fn expected(kind: &str) -> (&'static [&'static str], &'static [&'static str]) {
        match kind {
            "move_piece" => (&["from", "index", "to"], &["at"]),
            "swap_pieces" => (&["a", "a_index", "b", "b_index"], &[]),
            "reorder" => (&["place", "order"], &[]),
            _ => (&["place"], &[]),
        }
    }

    /// The value of `key`, if given.
    pub(crate) fn get(&self, key: &str) -> Option<&Expr> {
        self.keys
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, value)| value)
    }
}

/// A `group(name, prompt = .., validate = ..)`: the prompt and the validation of the
/// selections marked `group = name`, shown together.
pub(crate) struct GroupDef {
    pub(crate) name: Ident,
    pub(crate) prompt: Option<Expr>,
    pub(crate) validate: Option<Expr>,
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
    Arg { ident: Ident, ty: Box<Type> },
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

/// A selection field.
pub(crate) struct SelectionDef {
    pub(crate) ident: Ident,
    pub(crate) ty: Type,
    pub(crate) kind: SelectionKind,
    pub(crate) prompt: Option<Expr>,
    pub(crate) validate: Option<Expr>,
    /// `valid = <set>`: the values `validate` accepts, as a set computed at once, whose
    /// size and `n`-th member the walks take instead of asking each option.
    pub(crate) valid: Option<Expr>,
    pub(crate) label: Option<Expr>,
    pub(crate) skip: SkipDef,
    /// `group = name`: shown together with the other selections of that group.
    pub(crate) group: Option<Ident>,
}

pub(crate) enum SelectionKind {
    /// `choose_from(options)`: one value, or several when `multi` is set.
    ChooseFrom {
        options: Box<Expr>,
        multi: Option<Box<Multi>>,
        /// How the prompt shows the options: a list, the board, or placements of a piece.
        display: ChoiceDisplay,
    },
    /// `choose_number(min = .., max = ..)`.
    ChooseNumber { min: Box<Expr>, max: Box<Expr> },
    /// `enter_text`.
    EnterText,
}

/// How a choice among options is shown: `choose_from`, `choose_on_board`, `place_piece`.
pub(crate) enum ChoiceDisplay {
    List,
    Board,
    /// `place_piece`: the options are placements; the piece has this many rotations.
    Placement {
        rotations: Box<Expr>,
    },
}

/// The count bounds of a multi-selection and the element type of its `Vec`.
pub(crate) struct Multi {
    pub(crate) min: Expr,
    pub(crate) max: Option<Expr>,
    pub(crate) item: Type,
    /// `within = <bool>`: a bound every part of an acceptable set keeps (a budget), so the
    /// search drops a branch as soon as the set built so far breaks it.
    pub(crate) within: Option<Expr>,
}

pub(crate) enum SkipDef {
    Default,
    Strategy(Strategy),
    When(Expr),
}

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
        errors.at(
            &input.generics,
            "an action cannot be generic: it belongs to one game; remove the parameters and use concrete types",
        );
    }
    let syn::Data::Struct(data) = &input.data else {
        errors.at(&input.ident, "`#[derive(Action)]` goes on a struct whose fields are the action's selections; collect actions in an enum with `#[derive(Actions)]`");
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
            errors.at(
                unnamed,
                "an action's selections need names: use a struct with named fields",
            );
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
            "description" => {
                let literal: LitStr = meta.value()?.parse()?;
                if let Some(template) = parse_template(literal, errors) {
                    set_once(&mut action.description, template, &meta.path, errors);
                }
            }
            "move_piece" | "swap_pieces" | "reorder" | "shuffle" => {
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
                    unknown_key(&path_text(&meta.path), "#[action]", &ACTION_KEYS),
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

/// `name, prompt = .., validate = ..`.
fn parse_group(content: ParseStream<'_>, errors: &mut Errors) -> syn::Result<GroupDef> {
    let name: Ident = content.parse()?;
    let mut group = GroupDef {
        name,
        prompt: None,
        validate: None,
    };
    while !content.is_empty() {
        content.parse::<Token![,]>()?;
        if content.is_empty() {
            break;
        }
        let key: Ident = content.call(<Ident as syn::ext::IdentExt>::parse_any)?;
        content.parse::<Token![=]>()?;
        match key.to_string().as_str() {
            "prompt" => set_once(&mut group.prompt, content.parse()?, &key, errors),
            "validate" => set_once(&mut group.validate, content.parse()?, &key, errors),
            other => {
                content.parse::<Expr>()?;
                errors.at(
                    &key,
                    format!(
                        "unknown key `{other}` in `group(..)`; expected `prompt` or `validate`"
                    ),
                );
            }
        }
    }
    Ok(group)
}

/// `to = <players>, "template"`.
fn parse_message_to(content: ParseStream<'_>) -> syn::Result<(Expr, LitStr)> {
    let expected = "a message to chosen players is `message(to = <players>, \"template\")`; to everyone, write `message = \"template\"`";
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

const SELECTION_ATTRS: [&str; 5] = [
    "choose_from",
    "choose_on_board",
    "place_piece",
    "choose_number",
    "enter_text",
];

fn parse_field(field: &syn::Field, errors: &mut Errors) -> Option<FieldDef> {
    let ident = field.ident.clone()?;
    let mut kinds = field.attrs.iter().filter(|attr| {
        SELECTION_ATTRS
            .iter()
            .any(|name| attr.path().is_ident(name))
            || attr.path().is_ident("arg")
    });
    let Some(attr) = kinds.next() else {
        errors.at(&ident, format!(
            "field `{ident}` is neither a selection nor an argument; mark it `#[choose_from(..)]`, `#[choose_on_board(..)]`, `#[place_piece(..)]`, `#[choose_number(..)]`, `#[enter_text]` or `#[arg]`"
        ));
        // Kept as an argument, so the checks of the other fields do not report it unknown.
        return Some(FieldDef::Arg {
            ident,
            ty: Box::new(field.ty.clone()),
        });
    };
    for extra in kinds {
        errors.at(
            extra.path(),
            format!(
                "field `{ident}` already has `#[{}]`; a field is one selection or one argument, so keep one of them",
                path_text(attr.path())
            ),
        );
    }
    if attr.path().is_ident("arg") {
        if !matches!(attr.meta, syn::Meta::Path(_)) {
            errors.at(
                &attr.meta,
                "`#[arg]` takes no parameters: the value comes from whoever asks for the action; write `#[arg]`",
            );
        }
        return Some(FieldDef::Arg {
            ident,
            ty: Box::new(field.ty.clone()),
        });
    }
    let attr_ident = attr.path().get_ident().cloned()?;
    let mut selection = SelectionDef {
        ident,
        ty: field.ty.clone(),
        kind: SelectionKind::EnterText,
        prompt: None,
        validate: None,
        valid: None,
        label: None,
        skip: SkipDef::Default,
        group: None,
    };
    let mut options = None;
    // Each bound with the key it was given by, to point at the key.
    let (mut count, mut min, mut max) = (None::<(Ident, Expr)>, None, None);
    let written = attr_ident.to_string();
    // `choose_on_board` takes what `choose_from` takes; only the prompt's kind differs.
    // `place_piece` is a single choice among the placements of its positions.
    let placing = written == "place_piece";
    let kind = if written == "choose_on_board" || placing {
        "choose_from".to_owned()
    } else {
        written.clone()
    };
    let mut rotations: Option<Expr> = None;
    let mut within: Option<(Ident, Expr)> = None;
    let mut of: Option<(Ident, Type)> = None;
    let mut valid_key: Option<Ident> = None;
    let mut misspelled = false;
    let parsed = match &attr.meta {
        syn::Meta::Path(_) => Ok(()),
        _ => attr.parse_args_with(|input: ParseStream<'_>| {
            if kind == "choose_from" && !input.is_empty() && !starts_with_key(input) {
                options = Some(input.parse::<Expr>()?);
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            while !input.is_empty() {
                let key: Ident = input.call(syn::ext::IdentExt::parse_any)?;
                input.parse::<Token![=]>()?;
                let name = key.to_string();
                match (name.as_str(), kind.as_str()) {
                    ("prompt", _) => set_once(&mut selection.prompt, input.parse()?, &key, errors),
                    ("validate", _) => set_once(&mut selection.validate, input.parse()?, &key, errors),
                    ("group", _) => set_once(&mut selection.group, input.parse()?, &key, errors),
                    ("skip_if", "enter_text") => {
                        input.parse::<Expr>()?;
                        errors.at(&key, "free text is never skipped: it cannot be chosen for the player; remove `skip_if`");
                    }
                    ("skip_if", _) => selection.skip = parse_skip(input, errors)?,
                    ("label", "choose_from") => set_once(&mut selection.label, input.parse()?, &key, errors),
                    ("within", "choose_from") if !placing => set_once(&mut within, (key.clone(), input.parse()?), &key, errors),
                    ("of", "choose_from") if !placing => set_once(&mut of, (key.clone(), input.parse()?), &key, errors),
                    ("valid", "choose_from") if !placing => {
                        valid_key = Some(key.clone());
                        set_once(&mut selection.valid, input.parse()?, &key, errors);
                    }
                    ("rotations", "choose_from") if placing => set_once(&mut rotations, input.parse()?, &key, errors),
                    ("count" | "min" | "max", _) if placing => {
                        input.parse::<Expr>()?;
                        errors.at(&key, format!("`place_piece` places one piece: remove `{name}`; to choose several spaces, use `#[choose_on_board(.., {name} = ..)]`"));
                    }
                    ("count", "choose_from") => set_once(&mut count, (key.clone(), input.parse()?), &key, errors),
                    ("min", "choose_from" | "choose_number") => set_once(&mut min, (key.clone(), input.parse()?), &key, errors),
                    ("max", "choose_from" | "choose_number") => set_once(&mut max, (key.clone(), input.parse()?), &key, errors),
                    _ => {
                        input.parse::<Expr>()?;
                        errors.at(&key, unknown_key(&name, &format!("#[{written}]"), keys_of(&written)));
                        misspelled = true;
                    }
                }
                if !input.is_empty() {
                    input.parse::<Token![,]>()?;
                }
            }
            Ok(())
        }),
    };
    // After a syntax error, what follows it is unknown, and a misspelled key may be a
    // required one: nothing is reported missing.
    let cut_short = parsed.is_err() || misspelled;
    if let Err(error) = parsed {
        errors.push(error);
    }
    // After a mistake, a placeholder stands for what is missing: the checks still see the
    // field, and nothing is expanded since the errors stop the derive.
    let placeholder = || -> Expr { syn::parse_quote!(0) };
    selection.kind = match kind.as_str() {
        "choose_from" => {
            let options = options.unwrap_or_else(|| {
                if cut_short {
                    return placeholder();
                }
                errors.at(
                    &attr_ident,
                    format!("`{written}` needs the options first, as an expression that iterates over them: `#[{written}(game.hand(player))]`"),
                );
                placeholder()
            });
            // The values of several: a `Vec` of them, or any set type naming them with `of`.
            let item = of
                .as_ref()
                .map(|(_, item)| item.clone())
                .or_else(|| vec_item(&selection.ty));
            if let Some(key) = &valid_key {
                let several = count.is_some() || min.is_some() || max.is_some();
                if several {
                    errors.at(key, "`valid` names the valid values of a single choice; the sets of several values are searched with `validate` and `within`: remove `valid`");
                } else if selection.validate.is_none() && !cut_short {
                    errors.at(key, "`valid` is the fast way to the values `validate` accepts, and `validate` still says why the others are refused: add `validate = ..` beside it");
                }
            }
            let multi = match item {
                _ if count.is_none() && min.is_none() && max.is_none() => {
                    if let Some((key, _)) = &within {
                        errors.at(key, "`within` bounds a set of several values as it grows; a single choice has none: use `validate`, or choose several with `count` or `min` and `max`");
                    }
                    if let Some((key, _)) = &of {
                        errors.at(key, "`of` names the values of a set chosen with `count` or `min` and `max`; a single choice's value is the field itself: remove `of`");
                    }
                    None
                }
                None => {
                    for (key, _) in [&count, &min, &max].into_iter().flatten() {
                        errors.at(key, format!(
                            "`{key}` chooses several values, so the field `{}` must be a `Vec` of them (`Vec<{}>`), or a set type whose values `of = <type>` names; to choose one value, remove `{key}`",
                            selection.ident,
                            type_text(&selection.ty),
                        ));
                    }
                    None
                }
                Some(item) => {
                    if count.is_some() {
                        for (key, _) in [&min, &max].into_iter().flatten() {
                            errors.at(key, format!(
                                "`count` already says how many values are chosen; remove `{key}`, or replace `count` with `min` and `max`"
                            ));
                        }
                    }
                    let (min, max) = match count {
                        Some((_, count)) => (count.clone(), Some(count)),
                        None => (
                            min.map_or_else(|| syn::parse_quote!(1), |(_, min)| min),
                            max.map(|(_, max)| max),
                        ),
                    };
                    let within = within.map(|(_, within)| within);
                    Some(Box::new(Multi {
                        min,
                        max,
                        item,
                        within,
                    }))
                }
            };
            let (options, display) = if placing {
                let rotations: Expr = rotations.unwrap_or_else(|| syn::parse_quote!(1));
                let span = syn::spanned::Spanned::span(&options);
                let placements: Expr = syn::parse_quote_spanned! {span=>
                    ::meeple::__private::placements(#options, #rotations)
                };
                let display = ChoiceDisplay::Placement {
                    rotations: Box::new(rotations),
                };
                (placements, display)
            } else if written == "choose_on_board" {
                (options, ChoiceDisplay::Board)
            } else {
                (options, ChoiceDisplay::List)
            };
            SelectionKind::ChooseFrom {
                options: Box::new(options),
                multi,
                display,
            }
        }
        "choose_number" => {
            let missing = match (&min, &max) {
                (None, None) => {
                    Some("`min` and `max`, the smallest and the largest number offered")
                }
                (None, Some(_)) => Some("`min`, the smallest number offered"),
                (Some(_), None) => Some("`max`, the largest number offered"),
                (Some(_), Some(_)) => None,
            };
            if let Some(missing) = missing.filter(|_| !cut_short) {
                errors.at(
                    &attr_ident,
                    format!(
                        "`choose_number` needs {missing}: `#[choose_number(min = 1, max = 10)]`"
                    ),
                );
            }
            SelectionKind::ChooseNumber {
                min: Box::new(min.map_or_else(placeholder, |(_, min)| min)),
                max: Box::new(max.map_or_else(placeholder, |(_, max)| max)),
            }
        }
        _ => SelectionKind::EnterText,
    };
    Some(FieldDef::Selection(Box::new(selection)))
}

/// The keys each selection attribute takes.
fn keys_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "choose_from" | "choose_on_board" => &[
            "count", "min", "max", "within", "of", "label", "prompt", "validate", "valid",
            "skip_if", "group",
        ],
        "place_piece" => &[
            "rotations",
            "label",
            "prompt",
            "validate",
            "skip_if",
            "group",
        ],
        "choose_number" => &["min", "max", "prompt", "validate", "skip_if", "group"],
        _ => &["prompt", "validate", "group"],
    }
}

/// The keys of `#[action(..)]`.
const ACTION_KEYS: [&str; 11] = [
    "prompt",
    "condition",
    "description",
    "message",
    "confirm",
    "group",
    "behaviour",
    "move_piece",
    "swap_pieces",
    "reorder",
    "shuffle",
];

/// "unknown key `maxx` in `#[choose_number]`; did you mean `max`?", or the keys expected
/// when none is close.
fn unknown_key(name: &str, place: &str, known: &[&str]) -> String {
    if let Some(close) = closest(name, known) {
        return format!("unknown key `{name}` in `{place}`; did you mean `{close}`?");
    }
    let mut listed: Vec<String> = known.iter().map(|key| format!("`{key}`")).collect();
    let last = listed.pop().unwrap_or_default();
    let expected = if listed.is_empty() {
        last
    } else {
        format!("{} or {last}", listed.join(", "))
    };
    format!("unknown key `{name}` in `{place}`; expected {expected}")
}

/// The known name within a small edit distance of `name` (a typo), if any.
fn closest<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = if name.chars().count() <= 4 { 1 } else { 2 };
    known
        .iter()
        .map(|key| (edit_distance(name, key), *key))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, key)| key)
}

/// Levenshtein distance, with a swap of two neighbours counted as one edit.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()]
}

fn parse_skip(input: ParseStream<'_>, errors: &mut Errors) -> syn::Result<SkipDef> {
    if input.peek(LitStr) {
        let literal: LitStr = input.parse()?;
        let strategy = match literal.value().as_str() {
            "only-one" => Strategy::OnlyOne,
            "never" => Strategy::Never,
            "always" => Strategy::Always,
            other => {
                errors.at(&literal, format!(
                    "unknown skip strategy `{other}`; expected `only-one`, `never` or `always`, or a `bool` expression (while true, the game chooses the first viable option)"
                ));
                return Ok(SkipDef::Default);
            }
        };
        return Ok(SkipDef::Strategy(strategy));
    }
    Ok(SkipDef::When(input.parse()?))
}

fn set_once<T>(slot: &mut Option<T>, value: T, key: &impl quote::ToTokens, errors: &mut Errors) {
    if slot.is_some() {
        let key = key.to_token_stream();
        errors.at(&key, format!("`{key}` is given twice; keep one"));
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
fn starts_with_key(input: ParseStream<'_>) -> bool {
    let fork = input.fork();
    fork.call(<Ident as syn::ext::IdentExt>::parse_any).is_ok()
        && fork.peek(Token![=])
        && !fork.peek(Token![==])
}

/// A type as the author would write it: `Vec<Card>`, not `Vec < Card >`.
fn type_text(ty: &Type) -> String {
    let mut text = quote::ToTokens::to_token_stream(ty).to_string();
    for (spaced, tight) in [
        (" :: ", "::"),
        (" <", "<"),
        ("< ", "<"),
        (" >", ">"),
        (" ,", ","),
        ("& ", "&"),
    ] {
        text = text.replace(spaced, tight);
    }
    text
}

/// The element type of `Vec<T>`, written as `Vec<T>` or with a path ending in `Vec<T>`.
fn vec_item(ty: &Type) -> Option<Type> {
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

fn path_text(path: &syn::Path) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelled_key_is_named_and_an_unknown_one_lists_the_keys() {
        let known = keys_of("choose_number");
        assert_eq!(
            unknown_key("maxx", "#[choose_number]", known),
            "unknown key `maxx` in `#[choose_number]`; did you mean `max`?"
        );
        assert_eq!(
            unknown_key("valdiate", "#[choose_number]", known),
            "unknown key `valdiate` in `#[choose_number]`; did you mean `validate`?"
        );
        assert_eq!(
            unknown_key("colour", "#[enter_text]", keys_of("enter_text")),
            "unknown key `colour` in `#[enter_text]`; expected `prompt`, `validate` or `group`"
        );
    }
}
