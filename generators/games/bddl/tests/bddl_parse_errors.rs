//! One snapshot per kind of BDDL error: the message, the quoted line, the caret and the
//! help text are part of the interface.

use contract::Source;
use game_bddl as bddl;

const DOMAIN: &str = "#blackactions\n:action occupy\n:parameters (?x, ?y)\n:precondition (open(?x,?y))\n:effect (black(?x,?y))\n#whiteactions\n:action occupy\n:parameters (?x, ?y)\n:precondition (open(?x,?y))\n:effect (white(?x,?y))\n";
const PROBLEM: &str = "#boardsize\n3 3\n#init\n#depth\n3\n#blackgoal\nblack(?x,?y) black(?x+1,?y)\n#whitegoal\nwhite(?x,?y) white(?x,?y+1)\n";

fn error(domain: &str, problem: &str) -> String {
    match bddl::load(&Source::from_bytes("domain.ig", domain), &Source::from_bytes("problem.ig", problem), None) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

fn domain_error(domain: &str) -> String {
    error(domain, PROBLEM)
}

fn problem_error(problem: &str) -> String {
    error(DOMAIN, problem)
}

#[test]
fn the_reference_files_load() {
    let game = bddl::load(&Source::from_bytes("domain.ig", DOMAIN), &Source::from_bytes("problem.ig", PROBLEM), None);
    assert!(game.is_ok(), "{:?}", game.err());
}

#[test]
fn lexical_errors() {
    insta::assert_snapshot!(
        "unexpected_character",
        domain_error(&DOMAIN.replace("(open(?x,?y))\n:effect (black", "(open(?x,?y));\n:effect (black"))
    );
    insta::assert_snapshot!("sigil_without_name", problem_error(&PROBLEM.replace("#init", "# init")));
}

#[test]
fn domain_structure_errors() {
    insta::assert_snapshot!("domain_unknown_section", domain_error(&format!("{DOMAIN}#blackgoal\n")));
    insta::assert_snapshot!("domain_duplicate_section", domain_error(&format!("{DOMAIN}#blackactions\n")));
    insta::assert_snapshot!(
        "domain_missing_section",
        domain_error(DOMAIN.split("#whiteactions").next().unwrap_or_default())
    );
    insta::assert_snapshot!("domain_expected_section", domain_error(&format!(":action x\n{DOMAIN}")));
    insta::assert_snapshot!("action_missing_keyword", domain_error(&DOMAIN.replacen(":parameters (?x, ?y)\n", "", 1)));
    insta::assert_snapshot!("action_bad_parameters", domain_error(&DOMAIN.replacen("(?x, ?y)", "(?y, ?x)", 1)));
    insta::assert_snapshot!("action_missing_name", domain_error(&DOMAIN.replacen(":action occupy", ":action", 1)));
}

#[test]
fn condition_errors() {
    insta::assert_snapshot!("unknown_predicate", domain_error(&DOMAIN.replacen("open(?x,?y)", "empty(?x,?y)", 1)));
    insta::assert_snapshot!("bad_x_coordinate", domain_error(&DOMAIN.replacen("open(?x,?y)", "open(?y,?y)", 1)));
    insta::assert_snapshot!("bad_y_coordinate", domain_error(&DOMAIN.replacen("open(?x,?y)", "open(?x,?y*2)", 1)));
    insta::assert_snapshot!("missing_comma", domain_error(&DOMAIN.replacen("open(?x,?y)", "open(?x ?y)", 1)));
    insta::assert_snapshot!(
        "unclosed_parenthesis",
        problem_error(&PROBLEM.replace("white(?x,?y) white(?x,?y+1)", "(white(?x,?y) white(?x,?y+1)"))
    );
    insta::assert_snapshot!(
        "not_without_parenthesis",
        domain_error(&DOMAIN.replacen("(open(?x,?y))", "(NOT open(?x,?y))", 1))
    );
    insta::assert_snapshot!(
        "not_of_two_atoms",
        domain_error(&DOMAIN.replacen("(open(?x,?y))", "(NOT(open(?x,?y) open(?x,?y+1)))", 1))
    );
    insta::assert_snapshot!(
        "keyword_inside_condition",
        domain_error(&DOMAIN.replacen("(open(?x,?y))\n", "(open(?x,?y)\n", 1))
    );
}

#[test]
fn problem_structure_errors() {
    insta::assert_snapshot!("problem_unknown_section", problem_error(&format!("{PROBLEM}#counterbound\n3\n")));
    insta::assert_snapshot!("problem_duplicate_section", problem_error(&format!("{PROBLEM}#depth\n5\n")));
    insta::assert_snapshot!("problem_expected_section", problem_error(&format!("3 3\n{PROBLEM}")));
    insta::assert_snapshot!("missing_boardsize", problem_error(&PROBLEM.replace("#boardsize\n3 3\n", "")));
    insta::assert_snapshot!("missing_depth", problem_error(&PROBLEM.replace("#depth\n3\n", "")));
    insta::assert_snapshot!("bad_integer", problem_error(&PROBLEM.replace("3 3", "3 x")));
    insta::assert_snapshot!("zero_depth", problem_error(&PROBLEM.replace("#depth\n3", "#depth\n0")));
    insta::assert_snapshot!("trailing_tokens", problem_error(&PROBLEM.replace("#depth\n3", "#depth\n3 5")));
    insta::assert_snapshot!("bad_blackturn", problem_error(&format!("{PROBLEM}#blackturn\nlast\n")));
}

#[test]
fn position_errors() {
    insta::assert_snapshot!("init_open", problem_error(&PROBLEM.replace("#init\n", "#init\nopen(1,1)\n")));
    insta::assert_snapshot!("init_parameter", problem_error(&PROBLEM.replace("#init\n", "#init\nblack(?x,1)\n")));
    insta::assert_snapshot!(
        "init_twice",
        problem_error(&PROBLEM.replace("#init\n", "#init\n(black(1,1) white(1,1))\n"))
    );
    insta::assert_snapshot!("init_off_board", problem_error(&PROBLEM.replace("#init\n", "#init\nblack(4,1)\n")));
    insta::assert_snapshot!("goal_off_board", problem_error(&PROBLEM.replace("black(?x+1,?y)", "black(xmax+1,?y)")));
    insta::assert_snapshot!("domain_off_board", domain_error(&DOMAIN.replacen("open(?x,?y)", "open(?x,7)", 1)));
}

#[test]
fn semantic_errors() {
    insta::assert_snapshot!(
        "negated_effect",
        domain_error(&DOMAIN.replacen("(black(?x,?y))", "(NOT(open(?x,?y)))", 1))
    );
    insta::assert_snapshot!(
        "contradictory_effect",
        domain_error(&DOMAIN.replacen("(black(?x,?y))", "(black(?x,?y) open(xmax,?y))", 1))
    );
    insta::assert_snapshot!(
        "goal_won_initially",
        problem_error(&PROBLEM.replace("#init\n", "#init\nblack(1,1) black(2,1)\n"))
    );
    insta::assert_snapshot!(
        "move_completes_opponent_goal",
        problem_error(&PROBLEM.replace("white(?x,?y) white(?x,?y+1)", "NOT(open(?x,?y))"))
    );
}
