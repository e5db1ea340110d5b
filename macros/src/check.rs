//! The rules that span several parts of an action, one place, one comment per rule.
//! The checker reports; it never emits code.

use proc_macro2::{Ident, TokenStream, TokenTree};
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Expr, Pat, Stmt, Token};

use crate::ast::{ActionDef, Confirm, FieldDef, SelectionDef, SkipDef};
use crate::errors::Errors;
use crate::keywords::piece_keys;
use crate::messages;
use crate::selection::group::check_groups;
use crate::template::{Part, Template};

/// The names every expression of an action sees, which a field would hide, with what
/// they are.
const RESERVED: [(&str, &str); 4] = [
    ("game", "the game's state"),
    ("flow", "where the flow stands"),
    ("player", "the acting player"),
    ("args", "the action's arguments"),
];

/// Reports every rule below that `action` breaks.
pub(crate) fn check_action(action: &ActionDef, errors: &mut Errors) {
    // An action must do something: its behaviour or its moves of pieces give its moves.
    if action.behaviour.is_none() && action.pieces.is_empty() && !action.attrs_cut_short {
        errors.at(&action.ident, messages::no_behaviour(&action.ident));
    }

    // A move of pieces takes its keys, each once.
    for piece in &action.pieces {
        let kind = piece.kind.to_string();
        let (required, optional) = piece_keys(&kind);
        for (i, (key, _)) in piece.keys.iter().enumerate() {
            let name = key.to_string();
            if !required.contains(&name.as_str()) && !optional.contains(&name.as_str()) {
                let all: Vec<&str> = required.iter().chain(optional).copied().collect();
                errors.at(key, messages::unknown_piece_key(&name, &kind, &all));
            } else if piece.keys[..i].iter().any(|(earlier, _)| earlier == key) {
                errors.at(key, messages::given_twice(&name));
            }
        }
        let missing: Vec<&str> = required
            .iter()
            .filter(|key| piece.get(key).is_none())
            .copied()
            .collect();
        if !missing.is_empty() {
            errors.at(&piece.kind, messages::missing_piece_keys(&kind, &missing));
        }
    }

    // `game`, `player` and `args` are in scope everywhere; a field named so would hide them.
    for field in &action.fields {
        let ident = field.ident();
        if let Some((_, what)) = RESERVED.iter().find(|(name, _)| ident == name) {
            errors.at(ident, messages::reserved_field(ident, what));
        }
    }

    // Field names are unique: they key submissions, prompts and arguments.
    for (i, field) in action.fields.iter().enumerate() {
        if action.fields[..i]
            .iter()
            .any(|earlier| earlier.ident() == field.ident())
        {
            errors.at(field.ident(), messages::two_fields_named(field.ident()));
        }
    }

    let selections: Vec<&SelectionDef> = action
        .fields
        .iter()
        .filter_map(|field| match field {
            FieldDef::Selection(selection) => Some(&**selection),
            FieldDef::Arg { .. } => None,
        })
        .collect();
    let selection_names: Vec<String> = selections
        .iter()
        .map(|selection| selection.ident.to_string())
        .collect();

    // The action's own `condition`, `prompt` and `completions` are evaluated before any
    // selection is made: they see `game`, `player` and the arguments only. (`confirm` is
    // asked once every selection is made: it sees them all.)
    for (what, expr) in [
        ("condition", &action.condition),
        ("prompt", &action.prompt),
        ("completions", &action.completions),
    ] {
        if let Some(expr) = expr {
            forbid_names(expr, &selection_names, errors, |name| {
                messages::action_expr_uses_selection(what, name)
            });
        }
    }

    // A selection may use only the selections above it: its options, bounds, count,
    // prompt and `skip_if` are computed before it is made. In its own `validate` and
    // `label`, its name is the option being considered.
    for (k, selection) in selections.iter().enumerate() {
        let later = &selection_names[k..];
        let rule = |name: &String| {
            if selection.ident == name.as_str() {
                messages::selection_uses_itself(name)
            } else {
                messages::selection_uses_later(&selection.ident, name)
            }
        };
        let mut before_choice: Vec<&Expr> = selection.kind.before_choice();
        before_choice.extend(&selection.prompt);
        if let SkipDef::When(expr) = &selection.skip {
            before_choice.push(expr);
        }
        for expr in before_choice {
            forbid_names(expr, later, errors, rule);
        }
        let mut of_the_value: Vec<&Expr> = selection.validate.iter().collect();
        of_the_value.extend(selection.kind.label());
        of_the_value.extend(selection.kind.of_the_value());
        for expr in of_the_value {
            forbid_names(expr, &later[1..], errors, rule);
        }
    }

    // `completions` lists the values of the selections, so there must be some, and each
    // must be a value a list can hold: free text has no list.
    if let Some(completions) = &action.completions {
        if selections.is_empty() {
            errors.at(
                completions,
                messages::completions_without_selections(&action.ident),
            );
        }
        for selection in selections
            .iter()
            .filter(|selection| selection.kind.is_text())
        {
            errors.at(
                &selection.ident,
                messages::completions_of_text(&selection.ident),
            );
        }
    }

    check_groups(action, &selections, &selection_names, errors);

    // A message names `player`, the selections and the arguments.
    let field_names: Vec<String> = action
        .fields
        .iter()
        .map(|field| field.ident().to_string())
        .collect();
    for message in &action.messages {
        check_template(&message.template, &field_names, &[], errors);
    }
    // So does `confirm`, asked once every selection is made.
    if let Some(Confirm::Template(template)) = &action.confirm {
        check_template(template, &field_names, &[], errors);
    }
    // The description is shown while the player is still choosing: it names `player` and
    // the arguments, no selection.
    if let Some(description) = &action.description {
        let arg_names: Vec<String> = action
            .fields
            .iter()
            .filter(|field| matches!(field, FieldDef::Arg { .. }))
            .map(|field| field.ident().to_string())
            .collect();
        check_template(description, &arg_names, &selection_names, errors);
    }
}

/// Reports each placeholder of `template` that is neither `player` nor one of `names`;
/// `not_yet` are the selections, when the template is shown before they are made.
fn check_template(template: &Template, names: &[String], not_yet: &[String], errors: &mut Errors) {
    for part in &template.parts {
        let Part::Name(name) = part else { continue };
        if name == "player" || names.contains(name) {
            continue;
        }
        let message = if not_yet.contains(name) {
            messages::description_names_selection(name)
        } else {
            let known: Vec<&str> = std::iter::once("player")
                .chain(names.iter().map(String::as_str))
                .collect();
            messages::unknown_placeholder(name, &known)
        };
        errors.at_span(template.span(), message);
    }
}

/// Reports each use of one of `names` as a value in `expr`: a path of one segment that no
/// closure parameter, `let`, `match` arm, `for` or `if let` in between binds. So
/// `game.hand(player).filter(|card| card.is_red())` does not use a selection `card`, and a
/// field access `x.card` or a path `a::card` is no use either.
pub(crate) fn forbid_names(
    expr: &Expr,
    names: &[String],
    errors: &mut Errors,
    message: impl Fn(&String) -> String,
) {
    if names.is_empty() {
        return;
    }
    let mut uses = Uses {
        names,
        bound: Vec::new(),
        found: Vec::new(),
    };
    uses.visit_expr(expr);
    for ident in uses.found {
        if let Some(name) = names.iter().find(|name| ident == name.as_str()) {
            errors.at(&ident, message(name));
        }
    }
}

/// The visitor of [`forbid_names`]: `bound` is the stack of names bound inside the
/// expression at the current point, `found` the uses met so far.
struct Uses<'a> {
    names: &'a [String],
    bound: Vec<Ident>,
    found: Vec<Ident>,
}

impl Uses<'_> {
    fn is_free_use(&self, ident: &Ident) -> bool {
        self.names.iter().any(|name| ident == name.as_str()) && !self.bound.contains(ident)
    }

    /// Binds the names `pat` introduces; the caller truncates `bound` where their scope ends.
    fn bind(&mut self, pat: &Pat) {
        let mut binder = Binder(&mut self.bound);
        binder.visit_pat(pat);
    }

    /// Macro arguments: expressions when they parse as a list of them (`format!`, `vec!`),
    /// tokens otherwise, where any identifier not after `.` or `::` counts as a use.
    fn scan_tokens(&mut self, tokens: TokenStream) {
        let mut after_accessor = false;
        for tree in tokens {
            match &tree {
                TokenTree::Ident(ident) => {
                    if !after_accessor && self.is_free_use(ident) {
                        self.found.push(ident.clone());
                    }
                    after_accessor = false;
                }
                TokenTree::Punct(punct) => {
                    after_accessor = matches!(punct.as_char(), '.' | ':');
                }
                TokenTree::Group(group) => {
                    self.scan_tokens(group.stream());
                    after_accessor = false;
                }
                TokenTree::Literal(_) => after_accessor = false,
            }
        }
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_expr_path(&mut self, path: &'ast syn::ExprPath) {
        if path.qself.is_none()
            && let Some(ident) = path.path.get_ident()
            && self.is_free_use(ident)
        {
            self.found.push(ident.clone());
        }
        visit::visit_expr_path(self, path);
    }

    fn visit_expr_closure(&mut self, closure: &'ast syn::ExprClosure) {
        let mark = self.bound.len();
        for input in &closure.inputs {
            self.bind(input);
        }
        self.visit_expr(&closure.body);
        self.bound.truncate(mark);
    }

    fn visit_block(&mut self, block: &'ast syn::Block) {
        let mark = self.bound.len();
        for stmt in &block.stmts {
            match stmt {
                Stmt::Local(local) => {
                    if let Some(init) = &local.init {
                        self.visit_expr(&init.expr);
                        if let Some((_, diverge)) = &init.diverge {
                            self.visit_expr(diverge);
                        }
                    }
                    self.bind(&local.pat);
                }
                // An item inside the expression cannot see the selections.
                Stmt::Item(_) => {}
                other => visit::visit_stmt(self, other),
            }
        }
        self.bound.truncate(mark);
    }

    fn visit_arm(&mut self, arm: &'ast syn::Arm) {
        let mark = self.bound.len();
        self.bind(&arm.pat);
        // The pattern's guard, if any, sees the names the pattern binds.
        self.visit_pat(&arm.pat);
        self.visit_expr(&arm.body);
        self.bound.truncate(mark);
    }

    fn visit_expr_for_loop(&mut self, for_loop: &'ast syn::ExprForLoop) {
        self.visit_expr(&for_loop.expr);
        let mark = self.bound.len();
        self.bind(&for_loop.pat);
        self.visit_block(&for_loop.body);
        self.bound.truncate(mark);
    }

    fn visit_expr_if(&mut self, expr_if: &'ast syn::ExprIf) {
        // `if let` binds in the rest of the condition and in the `then` branch only.
        let mark = self.bound.len();
        self.visit_expr(&expr_if.cond);
        self.visit_block(&expr_if.then_branch);
        self.bound.truncate(mark);
        if let Some((_, otherwise)) = &expr_if.else_branch {
            self.visit_expr(otherwise);
        }
    }

    fn visit_expr_while(&mut self, expr_while: &'ast syn::ExprWhile) {
        let mark = self.bound.len();
        self.visit_expr(&expr_while.cond);
        self.visit_block(&expr_while.body);
        self.bound.truncate(mark);
    }

    fn visit_expr_let(&mut self, expr_let: &'ast syn::ExprLet) {
        // The enclosing `if` or `while` ends the scope of these names.
        self.visit_expr(&expr_let.expr);
        self.bind(&expr_let.pat);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        match mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            Ok(args) => args.iter().for_each(|arg| self.visit_expr(arg)),
            Err(_) => self.scan_tokens(mac.tokens.clone()),
        }
    }
}

/// Collects the names a pattern binds (not the expressions of its guard).
struct Binder<'a>(&'a mut Vec<Ident>);

impl<'ast> Visit<'ast> for Binder<'_> {
    fn visit_pat_ident(&mut self, pat: &'ast syn::PatIdent) {
        self.0.push(pat.ident.clone());
        visit::visit_pat_ident(self, pat);
    }

    fn visit_expr(&mut self, _: &'ast Expr) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    /// The messages of every mistake in `input`, in order.
    fn mistakes(input: TokenStream) -> Vec<String> {
        let input: syn::DeriveInput = syn::parse2(input).expect("a struct");
        let mut errors = Errors::default();
        if let Some(action) = crate::ast::parse_action(&input, &mut errors) {
            check_action(&action, &mut errors);
        }
        match errors.finish() {
            Ok(()) => Vec::new(),
            Err(error) => error.into_iter().map(|error| error.to_string()).collect(),
        }
    }

    #[test]
    fn names_bound_inside_an_expression_are_no_use_of_the_selection() {
        let found = mistakes(quote! {
            #[action(behaviour = [], condition = game.hand.iter().any(|card| card.red()))]
            struct Play {
                #[choose_from(
                    game.hand.iter().filter(|card| card.red()),
                    prompt = { let card = 1; format!("{}", card) },
                    skip_if = match game.first() { Some(card) => card.red(), None => false },
                )]
                card: Card,
                #[choose_number(
                    min = if let Some(amount) = game.min() { amount } else { 1 },
                    max = { let mut most = 0; for amount in game.amounts() { most += amount } most },
                )]
                amount: u32,
            }
        });
        assert_eq!(found, Vec::<String>::new());
    }

    #[test]
    fn uses_outside_the_binding_scope_are_reported() {
        let found = mistakes(quote! {
            #[action(behaviour = [])]
            struct Play {
                #[choose_from(
                    game.hand(),
                    prompt = { { let amount = 1; } format!("{}", amount) },
                    skip_if = if let Some(amount) = game.min() { amount > 1 } else { amount > 2 },
                )]
                card: Card,
                #[choose_number(min = 1, max = game.count().max(game.hand.len()) + vec![card.rank()][0])]
                amount: u32,
            }
        });
        assert_eq!(found.len(), 2, "{found:#?}");
        assert!(
            found
                .iter()
                .all(|message| message.contains("cannot use `amount`")),
            "{found:#?}"
        );
    }

    #[test]
    fn fields_and_paths_of_the_same_name_are_no_use() {
        let found = mistakes(quote! {
            #[action(behaviour = [], prompt = format!("{}", game.card.amount()))]
            struct Play {
                #[choose_from(game.card(Card::card), prompt = amount::card())]
                card: Card,
                #[choose_number(min = 1, max = 3)]
                amount: u32,
            }
        });
        assert_eq!(found, Vec::<String>::new());
    }
}
