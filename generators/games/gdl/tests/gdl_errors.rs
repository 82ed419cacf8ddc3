//! One snapshot per kind of GDL input error: the message, the quoted line, the caret and
//! the help line.

use contract::Source;
use game_gdl::load;

fn error(text: &str) -> String {
    match load(Source::from_bytes("game.kif", text)) {
        Ok(_) => panic!("expected an error for:\n{text}"),
        Err(e) => e.to_string(),
    }
}

const ROLES: &str = "(role a) (role b)\n";

macro_rules! snapshot {
    ($name:ident, $text:expr) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(error(&$text));
        }
    };
}

snapshot!(unexpected_close, format!("{ROLES}(init (p)))\n"));
snapshot!(unclosed_open, format!("{ROLES}(<= (next (p))\n   (true (p))\n"));
snapshot!(nameless_variable, format!("{ROLES}(<= (next (p ?)) (true (p ?x)))\n"));
snapshot!(rule_without_head, format!("{ROLES}(<=)\n"));
snapshot!(variable_as_sentence, format!("{ROLES}(<= ?x (true (p)))\n"));
snapshot!(empty_sentence, format!("{ROLES}(<= (next (p)) ())\n"));
snapshot!(list_as_relation_name, format!("{ROLES}((cell) 1 2)\n"));
snapshot!(list_as_function_name, format!("{ROLES}(init (cell (( 1)) 2))\n"));
snapshot!(keyword_arity, format!("{ROLES}(<= (legal a) (true (p)))\n"));
snapshot!(not_arity, format!("{ROLES}(<= (next (p)) (not (true (p)) (true (q))))\n"));
snapshot!(empty_or, format!("{ROLES}(<= (next (p)) (or))\n"));
snapshot!(connective_as_relation, format!("{ROLES}(distinct a b)\n"));
snapshot!(true_in_head, format!("{ROLES}(<= (true (p)) (true (q)))\n"));
snapshot!(does_in_head, format!("{ROLES}(<= (does a m) (true (q)))\n"));
snapshot!(init_in_body, format!("{ROLES}(<= (next (p)) (init (p)))\n"));
snapshot!(role_with_body, format!("(role a)\n(<= (role b) (true (p)))\n"));
snapshot!(unsafe_head_variable, format!("{ROLES}(<= (next (p ?x)) (true (q)))\n"));
snapshot!(unsafe_negation, format!("{ROLES}(<= (next (p)) (true (q)) (not (true (r ?y))))\n"));
snapshot!(unsafe_distinct, format!("{ROLES}(<= (next (p ?x)) (true (p ?x)) (distinct ?x ?z))\n"));
snapshot!(unstratified, format!("{ROLES}(<= (w ?x) (true (p ?x)) (not (v ?x)))\n(<= (v ?x) (true (p ?x)) (w ?x))\n"));
snapshot!(
    legal_depends_on_does,
    format!("{ROLES}(<= (moved ?r) (does ?r ?m))\n(<= (legal ?r go) (role ?r) (moved ?r))\n")
);
snapshot!(init_depends_on_true, format!("{ROLES}(<= (init (p)) (true (q)))\n"));
snapshot!(
    positive_loop,
    format!("{ROLES}(init (e 1 2)) (init (e 2 1)) (init (s 1))\n(<= (r ?x) (true (s ?x)))\n(<= (r ?y) (r ?x) (true (e ?x ?y)))\n(<= (next (s ?x)) (r ?x))\n")
);
snapshot!(
    unsafe_in_use,
    format!("{ROLES}(<= (apart ?a ?b) (distinct ?a ?b))\n(<= (next (p ?x)) (true (q ?x)) (apart ?x ?y))\n")
);
snapshot!(
    unsafe_recursive_helper,
    format!("{ROLES}(<= (far ?a ?b) (distinct ?a ?b))\n(<= (far ?a ?b) (far ?a ?c) (far ?c ?b))\n(<= (next (p ?x)) (true (q ?x)) (far ?x a))\n")
);
snapshot!(
    unbindable_call_in_a_chain_of_helpers,
    format!("{ROLES}(<= (kingmove ?u ?v ?u ?y) (adj ?v ?y))\n(<= (guarded ?v ?y) (true (at ?v ?y)) (kingmove ?u ?v ?x ?y))\n(<= (legal a (go ?x ?y)) (true (at ?x ?y)) (guarded ?x ?y))\n")
);
snapshot!(
    recursion_restriction,
    format!("{ROLES}(<= (reach ?x) (true (at ?x)))\n(<= (reach ?y) (reach (s ?y)))\n(<= (next (at ?x)) (reach ?x))\n")
);
snapshot!(
    unsafe_head_of_a_keyword_fed_by_a_helper,
    format!("{ROLES}(<= (free ?c) (not (true (cell ?c))))\n(<= (legal a (mark ?c)) (free ?c))\n")
);
snapshot!(
    unbounded_grounding,
    format!("{ROLES}(init (count 0))\n(<= (next (count (s ?n))) (true (count ?n)))\n(<= terminal (true (count 0)))\n")
);

#[test]
fn a_game_without_roles_is_an_error_not_a_panic() {
    for text in ["", "(foo)", "\"\u{fffd}", "(init (p))\n(<= terminal (true (p)))\n"] {
        let message = error(text);
        assert!(message.starts_with("game.kif:1:1: the game declares no role"), "{text:?}: {message}");
    }
}

#[test]
fn terms_nested_deeper_than_the_limit_are_an_error_not_a_stack_overflow() {
    for depth in [300, 20_000, 200_000] {
        let text = format!("{ROLES}(init {}x{})\n", "(f ".repeat(depth), ")".repeat(depth));
        let message = error(&text);
        assert!(message.starts_with("game.kif:2:"), "{message}");
        assert!(message.contains("lists nested more than 256 deep"), "{message}");
    }
    let not = format!("{ROLES}(<= (next (p)) {}(true (p)){})\n", "(not ".repeat(100_000), ")".repeat(100_000));
    assert!(error(&not).contains("lists nested more than 256 deep"));
}

fn grounded(text: &str, max_size: u64) -> Result<game_gdl::GroundGame, String> {
    game_gdl::load_within(Source::from_bytes("game.kif", text), contract::Budget { max_size })
        .map_err(|e| e.to_string())
}

/// A grounding over the budget (one ground atom, or rule instance, per 100 literals) names
/// the relation that grew, at the rule.
#[test]
fn a_grounding_over_the_budget_names_the_relation_that_grew() {
    let digits: String = (0..20).map(|d| format!("(digit {d}) ")).collect();
    let moves = "(<= (legal a (put ?a ?b)) (p ?a ?b) (q ?b ?a))\n(legal b noop)\n(<= terminal (true (done)))\n";
    let text =
        format!("{ROLES}{digits}\n(<= (p ?a ?b) (digit ?a) (digit ?b))\n(<= (q ?a ?b) (digit ?a) (digit ?b))\n{moves}");
    let shown = grounded(&text, 50_000).expect_err("500 atoms at most");
    assert!(
        shown.starts_with("game.kif:4:1: grounding makes more than 500 ground atoms (`p/2` alone has 400)"),
        "{shown}"
    );
    assert_eq!(grounded(&text, 1_000_000).map(|g| g.moves.len()), Ok(401), "400 puts and a noop");

    let triples = format!("{ROLES}{digits}\n(<= (legal a (put ?a ?b ?c)) (digit ?a) (digit ?b) (digit ?c))\n");
    let shown = grounded(&triples, 500_000).expect_err("5,000 instances of one rule at most");
    assert!(
        shown.starts_with("game.kif:3:1: grounding makes more than 5,000 ground instances of this rule for `legal/2`"),
        "{shown}"
    );
}
