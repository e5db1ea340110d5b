//! The web client in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`, installed by `scripts/test` when missing) driven through WebDriver against a real
//! server. Pages are only read and clicked, as a person does; no test calls the API but to
//! stand for another client of the same person.

#![allow(clippy::unwrap_used)]

mod support;
mod web;

use std::time::Duration;

use meeple::PlayerIndex;
use meeple_games::hearts::Hearts;
use rand::RngExt;
use support::{TestServer, rng};
use web::pegs::Pegs;
use web::workshop::Workshop;
use web::{Driver, Page, Proxy};

/// The cards of the seat's own hand, as the table draws them.
const HAND: &str = "#my-area .pieces.hand > .piece";

/// The cards of Hearts' trick, as the table draws them.
const TRICK: &str = "#table-parts .pieces.row > .piece";

/// A server on a SQLite file of its own (named `name`, in a directory kept as long as the
/// first value lives) and a chromedriver to drive browsers at it.
async fn start(name: &str) -> (tempfile::TempDir, TestServer, Driver) {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join(format!("{name}.sqlite"))).await;
    (directory, server, Driver::start().await)
}

/// Fields of a game's config form, by key, and the values typed into them.
type Config<'a> = &'a [(&'a str, &'a str)];

/// Creates a match of `game` from the game's page in `page`, as `name`, with `seats`
/// changed from the form's defaults (seat 0: the creator; the others: random bots) and
/// `config` fields set; returns the match's id once the page is at its table.
async fn create_from_page(
    page: &Page,
    server: &TestServer,
    game: &str,
    name: &str,
    seats: &[(usize, &str)],
    config: Config<'_>,
) -> String {
    page.goto(&server.url(&format!("/#/games/{game}"))).await;
    let input = page.wait("#player-name").await;
    input.clear().await.unwrap();
    input.send_keys(name).await.unwrap();
    for (seat, choice) in seats {
        page.wait(&format!("select[data-seat=\"{seat}\"]"))
            .await
            .select_by_value(choice)
            .await
            .unwrap();
    }
    for (key, value) in config {
        let field = page.wait(&format!("[data-config=\"{key}\"]")).await;
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }
    no_bot_pacing(page).await;
    page.wait("[data-role=create]").await.click().await.unwrap();
    page.match_id().await
}

/// Sets the form's bots to play at once: the tests play fast, the lobby's default is
/// paced for people.
async fn no_bot_pacing(page: &Page) {
    let think = page.wait("#bot-think").await;
    think.clear().await.unwrap();
    think.send_keys("0").await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_tictactoe_in_two_browsers_and_an_observer_watches() {
    let (_directory, server, driver) = start("browser").await;
    let (alice, bob, observer) = (
        driver.page(1000, 800).await,
        driver.page(1000, 800).await,
        driver.page(1000, 800).await,
    );

    // Alice creates a match for two people from the lobby's form and is seated.
    let id = create_from_page(&alice, &server, "tictactoe", "Alice", &[(1, "person")], &[]).await;
    alice.wait("#prompt .building").await;
    assert_eq!(alice.text(".who").await, "You are Alice, playing X.");

    // Bob opens the table, joins the free seat, and waits for his turn.
    bob.goto(&server.url(&format!("/#/play/tictactoe/{id}")))
        .await;
    let name = bob.wait("#joins input").await;
    name.clear().await.unwrap();
    name.send_keys("Bob").await.unwrap();
    bob.wait("[data-role=join][data-seat=\"1\"]")
        .await
        .click()
        .await
        .unwrap();
    bob.wait(".who").await;
    let started = std::time::Instant::now();
    while bob.text(".who").await != "You are Bob, playing O." {
        assert!(
            started.elapsed() < web::PATIENCE,
            "{}",
            bob.text("main").await
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(bob.text("#acting .turn").await, "Waiting for Alice (X).");

    // An observer watches; nothing to join any more.
    observer
        .goto(&server.url(&format!("/#/play/tictactoe/{id}")))
        .await;
    observer.wait("#acting .turn").await;
    assert_eq!(observer.text(".who").await, "You are watching.");
    assert!(!observer.shown("#joins").await);

    // Alice marks the centre, then takes it back before Bob plays: everyone's table
    // loses the mark, and it is her turn again.
    alice
        .wait("#table-parts button.space.offered[data-space=\"4\"]")
        .await
        .click()
        .await
        .unwrap();
    bob.wait_text("#acting .turn", "Your turn.").await;
    bob.wait_text("#table-parts [data-space=\"4\"] .face", "X")
        .await;
    // Each record's moves in the game's words (its bookkeeping left out), newest first.
    bob.wait_text("#log li.move", "X marks 1,1").await;
    alice.wait("[data-role=undo]").await.click().await.unwrap();
    alice.wait_text("#acting .turn", "Your turn.").await;
    for page in [&alice, &bob, &observer] {
        page.wait_text("#table-parts [data-space=\"4\"] .face", "")
            .await;
    }
    bob.wait_text("#acting .turn", "Waiting for Alice (X).")
        .await;

    // Each clicks the board when it is their turn, until the match is over.
    let (mut one, mut two) = (rng(1), rng(2));
    let ((), ()) = tokio::join!(
        alice.bot_plays_to_end(&mut one, Duration::from_secs(60)),
        bob.bot_plays_to_end(&mut two, Duration::from_secs(60)),
    );
    observer.wait("#outcome h2").await;
    let outcome = alice.text("#outcome .places").await;
    assert!(!outcome.is_empty());
    assert_eq!(
        bob.text("#outcome .places").await.replace(" (you)", ""),
        outcome.replace(" (you)", "")
    );
    assert_eq!(
        observer.text("#outcome .places").await,
        outcome.replace(" (you)", "")
    );
    // The log of each holds every move, one entry per record heard.
    assert!(observer.all("#log > li").await.len() >= 5);
    // Nothing can be taken back once the match is over.
    assert!(!alice.shown("[data-role=undo]").await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_bot_plays_every_game_to_its_end() {
    let (_directory, server, driver) = start("every").await;
    let games: [(&str, Config); 11] = [
        ("backgammon", &[("max_turns", "6")]),
        ("breakthrough", &[]),
        ("blackjack", &[]),
        ("connect_four", &[]),
        ("hearts", &[("target_score", "1")]),
        ("leduc_poker", &[]),
        ("liars_dice", &[]),
        ("memory", &[]),
        ("othello", &[]),
        ("smash", &[]),
        ("tictactoe", &[]),
    ];
    // Every game on a desktop's window and on a phone's, the instruction and the buttons
    // in view on both.
    let sizes = [(1280, 800, ""), (390, 844, "-phone")];
    let plays = sizes.iter().flat_map(|&size| {
        games
            .iter()
            .map(move |&(game, config)| (game, config, size))
    });
    for (index, (game, config, (width, height, suffix))) in plays.enumerate() {
        let page = driver.page(width, height).await;
        page.viewport(width, height).await;
        if index == 0 {
            page.goto(&server.url("/#/")).await;
            page.wait(".games a").await;
            page.assert_accessible("the games").await;
        }
        page.goto(&server.url(&format!("/#/games/{game}"))).await;
        page.wait("[data-role=create]").await;
        page.assert_accessible(&format!("{game}'s lobby")).await;
        create_from_page(&page, &server, game, "Robin", &[], config).await;
        // At each phase (the first prompt, in play, the end): checked by axe-core, and
        // a screenshot kept to be read.
        page.wait("#prompt h2").await;
        page.assert_accessible(&format!("the {game} table at its start"))
            .await;
        page.keep_screenshot(&format!("{game}{suffix}-start")).await;
        let patience = Duration::from_secs(240);
        let mut random = rng(10 + index as u64);
        if !page.bot_plays(&mut random, patience, 8).await {
            page.assert_accessible(&format!("the {game} table in play"))
                .await;
            page.keep_screenshot(&format!("{game}{suffix}-play")).await;
            page.bot_plays_to_end(&mut random, patience).await;
        }
        page.assert_accessible(&format!("the {game} table at its end"))
            .await;
        let places = page.text("#outcome .places").await;
        assert!(places.contains("(you)"), "{game}: {places}");
        let (p95, count) = web::p95(&page.timings().await);
        eprintln!(
            "{game} at {width}x{height}: prompt to interactive p95 {p95:.1} ms over {count} prompts"
        );
        page.keep_screenshot(&format!("{game}{suffix}")).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_whose_seat_was_left_elsewhere_watches_and_offers_the_seat() {
    let (_directory, server, driver) = start("left").await;
    let alice = driver.page(1000, 800).await;
    let id = create_from_page(&alice, &server, "tictactoe", "Alice", &[(1, "person")], &[]).await;
    server.join("tictactoe", &id, 1, "Bob").await;
    alice.wait("#prompt .building").await;
    assert_eq!(alice.text(".who").await, "You are Alice, playing X.");
    // Alice leaves the match from another of her clients, with the page's credentials.
    let seat = alice
        .eval(&format!("return localStorage.getItem('meeple:seat:{id}')"))
        .await;
    let seat: serde_json::Value = serde_json::from_str(seat.as_str().unwrap()).unwrap();
    let (status, _) = server
        .post(
            &format!("/games/tictactoe/{id}/leave"),
            serde_json::json!({ "playerID": seat["playerID"], "credentials": seat["credentials"] }),
        )
        .await;
    assert_eq!(status, 200);
    // The page says so at once, shows no prompt, and offers the free seat.
    alice
        .wait_text(
            ".who",
            "you left seat 0: you watch the match as an observer now",
        )
        .await;
    assert!(!alice.shown("#prompt .building").await);
    alice.wait("[data-role=join][data-seat=\"0\"]").await;
    assert_eq!(
        alice
            .eval(&format!("return localStorage.getItem('meeple:seat:{id}')"))
            .await,
        serde_json::Value::Null,
        "the page forgot the credentials"
    );
}

/// Where the browser tests keep their screenshots: `target/browser-artifacts`.
fn artifacts() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser-artifacts")
}

/// Match `id` of Hearts as the server's store has it now: the full state (a test's
/// knowledge, never a page's) and its seed.
async fn hearts_now(store: &meeple_server::Store, id: &str) -> (meeple::Engine<Hearts>, u64) {
    let stored = store.get(id.to_owned()).await.unwrap().unwrap();
    let records = store.records(id.to_owned(), 0).await.unwrap();
    let records = records
        .iter()
        .map(|record| serde_json::from_str(record).unwrap())
        .collect();
    let config = serde_json::from_value(stored.config).unwrap();
    let log = meeple::GameLog::<Hearts>::new(config, 4, stored.seed, records);
    (meeple::Engine::restore(&log).unwrap(), stored.seed)
}

/// `text` without every JSON field `name` (its key and its bracketed value).
fn without_field(text: &str, name: &str) -> String {
    let key = format!("\"{name}\":");
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&key) {
        kept.push_str(&rest[..at]);
        let value = &rest[at + key.len()..];
        rest = &value[nested_end(value)..];
    }
    kept.push_str(rest);
    kept
}

/// Where the array or object that `text` starts with ends (past its closing bracket), by
/// counting brackets; the whole text when it does not close.
fn nested_end(text: &str) -> usize {
    let mut depth = 0usize;
    for (index, character) in text.char_indices() {
        match character {
            '[' | '{' => depth += 1,
            ']' | '}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return index + 1;
                }
            }
            _ => {}
        }
    }
    text.len()
}

/// `text` without the JSON Patch operations on the member `name` of a view (an object
/// holding `"path":"/name…"`, each a view's changes: `without_field` leaves them).
fn without_changes_of(text: &str, name: &str) -> String {
    let path = format!("\"path\":\"/{name}");
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(&path) {
        let Some(open) = rest[..at].rfind('{') else {
            break;
        };
        kept.push_str(&rest[..open]);
        let operation = &rest[open..];
        let end = nested_end(operation);
        rest = &operation[end..];
    }
    kept.push_str(rest);
    kept
}

/// The cards North cannot know of: the others' hands, less the cards North passed.
fn hidden_from_north(engine: &meeple::Engine<Hearts>) -> Vec<String> {
    let state = engine.position().state();
    let north = PlayerIndex(0);
    let passed = state
        .pass_target(north)
        .map(|target| state.received(target))
        .unwrap_or_default();
    (1..4)
        .flat_map(|seat| state.hand(PlayerIndex(seat)).iter())
        .filter(|card| !passed.contains(*card))
        .map(|card| card.to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_hand_of_hearts_against_three_bots_by_clicking() {
    let directory = tempfile::tempdir().unwrap();
    let database = directory.path().join("hearts.sqlite");
    let server = TestServer::start(&database).await;
    let proxy = Proxy::start(server.address).await;
    let driver = Driver::start().await;
    let page = driver.page(1100, 900).await;

    // Created from the lobby's form: three bots, one hand.
    page.goto(&proxy.url("/#/games/hearts")).await;
    let name = page.wait("#player-name").await;
    name.clear().await.unwrap();
    name.send_keys("Nora").await.unwrap();
    let target = page.wait("[data-config=\"target_score\"]").await;
    target.clear().await.unwrap();
    target.send_keys("1").await.unwrap();
    no_bot_pacing(&page).await;
    page.wait("[data-role=create]").await.click().await.unwrap();
    let id = page.match_id().await;
    page.wait_text(".who", "You are Nora, playing North.").await;

    // Passing: two cards picked in the hand, then the connection drops and comes back;
    // the two stay picked; a third, and the three are passed.
    page.wait(&format!("{HAND}.offered")).await;
    assert_eq!(page.all(HAND).await.len(), 13);
    let mut hand = Vec::new();
    for card in page.all(HAND).await {
        hand.push(card.attr("data-choice").await.unwrap().unwrap());
    }
    // The page draws the hand again after each click: each card is found afresh.
    for card in &hand[..2] {
        page.wait(&format!("{HAND}[data-choice='{card}']"))
            .await
            .click()
            .await
            .unwrap();
    }
    page.wait_text("#prompt .count", "2 chosen; choose 3.")
        .await;
    proxy.cut();
    page.wait_text("#connection", "Connection lost: reconnecting…")
        .await;
    page.wait_text("#connection", "").await;
    page.wait_text("#prompt .count", "2 chosen; choose 3.")
        .await;
    assert_eq!(
        page.all(&format!("{HAND}[aria-pressed=\"true\"]"))
            .await
            .len(),
        2,
        "the half-made choice survived the dropped connection"
    );
    page.wait(&format!("{HAND}[data-choice='{}']", hand[2]))
        .await
        .click()
        .await
        .unwrap();
    page.wait("[data-role=choose]:not([disabled])")
        .await
        .click()
        .await
        .unwrap();

    // Playing the hand by clicking cards; a refused card says why, once.
    let mut random = rng(5);
    let mut shown_a_refusal = false;
    let mut full_trick_seen = false;
    let mut travelled = false;
    let mut reloaded = false;
    let mut plays = 0;
    let started = std::time::Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "{}",
            page.text("main").await
        );
        if page.shown("#outcome").await {
            break;
        }
        // A completed trick stays on the table for its beat, before it is taken.
        full_trick_seen |= page.all(TRICK).await.len() == 4;
        let playable = page.all(&format!("{HAND}.offered:not(.refused)")).await;
        if page.text("#acting .turn").await != "Your turn."
            || playable.is_empty()
            || page.all("#prompt[data-busy=\"true\"]").await.len() == 1
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        if !shown_a_refusal && let Some(refused) = page.all(&format!("{HAND}.refused")).await.pop()
        {
            let cards = page.all(HAND).await.len();
            refused.click().await.unwrap();
            let notice = page.wait("#prompt .notice").await.text().await.unwrap();
            assert!(
                [
                    "you must follow",
                    "hearts are not broken",
                    "the 2 of clubs",
                    "no points on the first trick"
                ]
                .iter()
                .any(|reason| notice.contains(reason)),
                "{notice}"
            );
            assert_eq!(page.all(HAND).await.len(), cards, "nothing was played");
            shown_a_refusal = true;
            continue;
        }
        if plays == 5 && !reloaded {
            // Nothing the page holds names a card it cannot see, nor the seed.
            // (What the page holds is read first: the store, read after, is at least as
            // far on, and a card still in a hand then was never shown before.)
            // Hearts' `shown_out` lists whole suits (the ones a seat showed it lacks), not
            // cards anyone holds: it is left out of the search for hidden cards, whole in a
            // view and as the changes of one.
            let held =
                without_changes_of(&without_field(&page.held().await, "shown_out"), "shown_out");
            let (engine, seed) = hearts_now(server.hub.store(), &id).await;
            assert!(!held.contains(&seed.to_string()), "the page holds the seed");
            for card in hidden_from_north(&engine) {
                let quoted = format!("\"{card}\"");
                if let Some(at) = held.find(&quoted) {
                    let from = held[..at]
                        .char_indices()
                        .rev()
                        .nth(300)
                        .map_or(0, |(index, _)| index);
                    let to = held.ceil_char_boundary((at + 200).min(held.len()));
                    panic!("the page holds {card}: …{}…", &held[from..to]);
                }
            }
            page.eval("window.scrollTo(0, 0)").await;
            std::fs::create_dir_all(artifacts()).unwrap();
            std::fs::write(
                artifacts().join("hearts-table.png"),
                page.client.screenshot().await.unwrap(),
            )
            .unwrap();
            // Reloaded in the middle of the hand: the seat resumes where it was (counted
            // once the table shows its latest moment, no beat held).
            while !page.all(".table[data-held]").await.is_empty() {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let cards = page.all(HAND).await.len();
            page.client.refresh().await.unwrap();
            page.wait_text(".who", "You are Nora, playing North.").await;
            page.wait(HAND).await;
            assert_eq!(page.all(HAND).await.len(), cards);
            reloaded = true;
            continue;
        }
        let card = &playable[random.random_range(0..playable.len())];
        if card.click().await.is_ok() {
            plays += 1;
            // The focus stays with the card played, or the seat's area: never the body.
            if plays == 1 {
                tokio::time::sleep(Duration::from_millis(400)).await;
                let focus = page
                    .eval("return document.activeElement === document.body ? null : (document.activeElement.dataset.key ?? document.activeElement.dataset.seat ?? document.activeElement.id)")
                    .await;
                assert!(
                    !focus.is_null(),
                    "the focus fell to the page's body after a play"
                );
            }
            // The card travels from the hand to the trick (while the page takes clicks).
            if !travelled {
                let started = std::time::Instant::now();
                while !travelled && started.elapsed() < Duration::from_millis(800) {
                    travelled = page
                        .eval("return document.getAnimations().some((animation) => animation.effect?.target?.closest('#table-parts') !== null)")
                        .await
                        == serde_json::Value::Bool(true);
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
            // Until the page has taken the play, the card is still in the hand.
            tokio::time::sleep(Duration::from_millis(30)).await;
        }
    }
    assert!(shown_a_refusal && reloaded, "plays: {plays}");
    assert!(full_trick_seen, "no completed trick was ever on the table");
    assert!(travelled, "no card travelled to the trick");
    let places = page.text("#outcome .places").await;
    assert!(places.contains("Nora (North) (you)"), "{places}");
    // The end of the hand says what each seat scored (once the beats held are shown).
    let started = std::time::Instant::now();
    while !page.all(".table[data-held]").await.is_empty() {
        assert!(started.elapsed() < Duration::from_secs(60));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let summary = page.text("#scene-summary").await;
    assert!(summary.contains("The hand is over: North "), "{summary}");

    // The history steps back through what this seat saw, to the last trick whole, and
    // returns to the live table.
    let mut steps = 0;
    while page.all(TRICK).await.len() != 4 {
        assert!(steps < 40, "no earlier moment shows a whole trick");
        page.wait("[data-role=history-back]:not([disabled])")
            .await
            .click()
            .await
            .unwrap();
        steps += 1;
    }
    assert!(
        page.text(".history-where")
            .await
            .starts_with("An earlier moment, ")
    );
    page.wait("[data-role=history-live]")
        .await
        .click()
        .await
        .unwrap();
    page.wait_text(".history-where", "").await;
    assert!(page.all(TRICK).await.is_empty());
    let (p95, count) = web::p95(&page.timings().await);
    eprintln!("hearts: prompt to interactive p95 {p95:.1} ms over {count} prompts");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_refuses_a_config_in_the_games_words_a_choice_is_taken_back_and_a_match_played_again()
 {
    let (_directory, server, driver) = start("lobby").await;
    let page = driver.page(1000, 800).await;

    // A config the game refuses: its own words, and no match.
    page.goto(&server.url("/#/games/hearts")).await;
    page.wait("#player-name")
        .await
        .send_keys("Robin")
        .await
        .unwrap();
    let target = page.wait("[data-config=\"target_score\"]").await;
    target.clear().await.unwrap();
    target.send_keys("0").await.unwrap();
    no_bot_pacing(&page).await;
    page.wait("[data-role=create]").await.click().await.unwrap();
    let refusal = page.wait("form.create .notice").await.text().await.unwrap();
    assert!(
        refusal
            .contains("the game ends when a total reaches the target, so it must be between 1 and"),
        "{refusal}"
    );
    assert!(page.at().await.ends_with("#/games/hearts"));

    // Breakthrough: a pawn chosen, then taken back before anything is submitted.
    create_from_page(&page, &server, "breakthrough", "Robin", &[], &[]).await;
    page.wait("#prompt fieldset.selection[data-name=\"from\"]")
        .await;
    let who = page.text(".who").await;
    let records = page.all("#log > li").await.len();
    page.wait("#table-parts button.offered")
        .await
        .click()
        .await
        .unwrap();
    // The next selection is asked, with what was chosen so far.
    page.wait("#prompt fieldset.selection[data-name=\"to\"]")
        .await;
    page.wait("#prompt ol.chosen").await;
    page.wait("[data-role=back]").await.click().await.unwrap();
    page.wait("#prompt fieldset.selection[data-name=\"from\"]")
        .await;
    assert!(page.all("#prompt ol.chosen").await.is_empty());
    assert_eq!(
        page.all("#log > li").await.len(),
        records,
        "nothing was played"
    );

    // Played to the end, then again: a new match, the same seat.
    page.bot_plays_to_end(&mut rng(3), Duration::from_secs(120))
        .await;
    let before = page.match_id().await;
    page.wait("[data-role=play-again]")
        .await
        .click()
        .await
        .unwrap();
    let started = std::time::Instant::now();
    while page.match_id().await == before {
        assert!(started.elapsed() < web::PATIENCE);
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    page.wait_text(".who", &who).await;
    page.wait("#prompt fieldset.selection").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_played_with_the_keyboard_alone() {
    let (_directory, server, driver) = start("keys").await;
    let page = driver.page(1000, 800).await;
    // With a clock per move, which the table counts down.
    page.goto(&server.url("/#/games/tictactoe")).await;
    page.wait("#player-name")
        .await
        .send_keys("Kim")
        .await
        .unwrap();
    page.wait("#move-clock")
        .await
        .send_keys("30")
        .await
        .unwrap();
    no_bot_pacing(&page).await;
    page.wait("[data-role=create]").await.click().await.unwrap();
    page.match_id().await;
    let clock = page.wait("#clock").await.text().await.unwrap();
    assert!(
        clock.starts_with("Time left: ") && clock.ends_with(" s"),
        "{clock}"
    );
    let tab = fantoccini::key::Key::Tab.to_string();
    let enter = fantoccini::key::Key::Enter.to_string();
    let started = std::time::Instant::now();
    let mut moves = 0;
    while !page.shown("#outcome").await {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{}",
            page.text("main").await
        );
        if page.text("#acting .turn").await != "Your turn."
            || page.all("#prompt[data-busy=\"true\"]").await.len() == 1
            || page.all(web::ON_PIECES).await.is_empty()
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        // Tab to the next space the prompt offers (on the board or among the buttons),
        // then Enter: no pointer anywhere.
        let mut pressed = false;
        for _ in 0..40 {
            let focused = page.client.active_element().await.unwrap();
            let role = focused.attr("data-role").await.unwrap_or_default();
            let offered = focused
                .attr("class")
                .await
                .unwrap_or_default()
                .is_some_and(|class| class.contains("offered"));
            if role.as_deref() == Some("option") || offered {
                let space = focused.attr("data-space").await.unwrap_or_default();
                focused.send_keys(&enter).await.unwrap();
                pressed = true;
                // The page takes the move; the focus stays where it was made, on the
                // space now marked, not on the page's body.
                let started = std::time::Instant::now();
                while page
                    .all(&format!(
                        "#table-parts [data-space=\"{}\"] .face",
                        space.clone().unwrap_or_default()
                    ))
                    .await
                    .is_empty()
                {
                    assert!(started.elapsed() < web::PATIENCE);
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
                let now = page.client.active_element().await.unwrap();
                assert_eq!(
                    now.attr("data-space").await.unwrap_or_default(),
                    space,
                    "the focus left the move"
                );
                break;
            }
            focused.send_keys(&tab).await.unwrap();
        }
        assert!(pressed, "the keyboard never reached an option");
        moves += 1;
        // The page takes the move before the next one.
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(moves >= 3, "{moves} moves");
    assert!(page.text("#outcome .places").await.contains("(you)"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_kind_of_selection_is_drawn_and_answered() {
    let directory = tempfile::tempdir().unwrap();
    let store = meeple_server::Store::open_sqlite(&directory.path().join("kinds.sqlite")).unwrap();
    let server = TestServer::start_serving(store, |server| server.game::<Workshop>()).await;
    let driver = Driver::start().await;
    let page = driver.page(1000, 900).await;
    create_from_page(&page, &server, "workshop", "Ada", &[], &[]).await;

    // A piece placed with a rotation: a space of the board, then its rotations, those
    // pointing off the yard refused with the reason.
    page.wait("[data-role=action][data-action=lay]")
        .await
        .click()
        .await
        .unwrap();
    page.wait("#table-parts button.space.offered[data-space=\"0\"]")
        .await
        .click()
        .await
        .unwrap();
    page.wait("#prompt fieldset[data-kind=place_piece]").await;
    assert_eq!(page.all("#prompt button[data-role=option]").await.len(), 4);
    let refused = page.all("#prompt button.option.refused").await;
    assert_eq!(refused.len(), 2);
    assert_eq!(
        page.text("#prompt .option-wrap .reason").await,
        "the arrow would point off the yard"
    );
    page.wait("#prompt button.option:not(.refused)")
        .await
        .click()
        .await
        .unwrap();
    let started = std::time::Instant::now();
    while !["→", "↓"].contains(
        &page
            .text("#table-parts [data-space=\"0\"] .face")
            .await
            .as_str(),
    ) {
        assert!(started.elapsed() < web::PATIENCE);
        tokio::time::sleep(Duration::from_millis(25)).await;
    }

    // Several options, 1 to 3.
    page.wait_text("#prompt .count", "0 chosen; choose 1 to 3.")
        .await;
    for tool in ["\"saw\"", "\"chisel\""] {
        page.wait(&format!("#prompt button[data-value='{tool}']"))
            .await
            .click()
            .await
            .unwrap();
    }
    page.wait_text("#prompt .count", "2 chosen; choose 1 to 3.")
        .await;
    page.wait("[data-role=choose]").await.click().await.unwrap();

    // A number from a wide range, typed.
    let number = page.wait("#prompt input[data-role=number]").await;
    assert_eq!(number.attr("max").await.unwrap().as_deref(), Some("100000"));
    number.clear().await.unwrap();
    number.send_keys("4242").await.unwrap();
    page.wait("[data-role=choose]").await.click().await.unwrap();

    // A text.
    page.wait("#prompt input[data-role=text]")
        .await
        .send_keys("Meeple works")
        .await
        .unwrap();
    page.wait("[data-role=choose]").await.click().await.unwrap();

    // A group, checked together: a load of two crates is refused in the game's words.
    page.wait("#prompt fieldset[data-kind=choose_group]").await;
    let choose_in = async |part: usize, value: usize| {
        page.all("#prompt fieldset.group-part").await[part]
            .find(fantoccini::Locator::Css(&format!(
                "input[value=\"{value}\"]"
            )))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    };
    choose_in(0, 1).await;
    choose_in(1, 1).await;
    page.wait("#prompt label.group-part input[data-role=text]")
        .await
        .send_keys("logs")
        .await
        .unwrap();
    page.wait("[data-role=choose]").await.click().await.unwrap();
    let notice = page.wait("#prompt .notice").await.text().await.unwrap();
    assert!(notice.contains("load exactly 3 crates, not 2"), "{notice}");
    choose_in(0, 2).await;
    choose_in(1, 1).await;
    page.wait("#prompt label.group-part input[data-role=text]")
        .await
        .send_keys("logs")
        .await
        .unwrap();
    page.wait("[data-role=choose]").await.click().await.unwrap();

    // A confirmation.
    page.wait_text("#prompt .confirm-text", "Close the workshop for good?")
        .await;
    page.wait("[data-role=confirm]")
        .await
        .click()
        .await
        .unwrap();
    page.wait("#outcome h2").await;
    // The view, written out under its (closed) disclosure.
    let view = page
        .eval("return document.getElementById('view').textContent")
        .await
        .as_str()
        .unwrap()
        .to_owned();
    for shown in ["saw, chisel", "4242", "Meeple works", "logs"] {
        assert!(view.contains(shown), "{shown} in {view}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_authors_game_with_no_scene_of_its_own_is_drawn_from_its_view_and_played() {
    let directory = tempfile::tempdir().unwrap();
    let store = meeple_server::Store::open_sqlite(&directory.path().join("pegs.sqlite")).unwrap();
    let server = TestServer::start_serving(store, |server| server.game::<Pegs>()).await;
    let driver = Driver::start().await;
    let page = driver.page(1000, 800).await;
    create_from_page(&page, &server, "pegs", "Pat", &[], &[]).await;

    // The board, written out of the view: nine holes, each offered while free, and each
    // seat's supply as a pile of its pegs.
    page.wait("#table-parts .board [data-space=\"8\"]").await;
    assert_eq!(page.all("#table-parts .board .space").await.len(), 9);
    assert_eq!(
        page.all("#table-parts .board .space.offered").await.len(),
        9
    );
    page.wait_text("#my-area .pile .count > [aria-hidden]", "×4")
        .await;
    page.wait_text("#seats .pile .count > [aria-hidden]", "×4")
        .await;
    page.assert_accessible("the pegs table").await;
    // The check finds what it should: a button without a name is a critical violation.
    page.eval("document.body.append(document.createElement('button')); return null")
        .await;
    let found = page.accessibility_violations().await;
    assert!(
        found
            .iter()
            .any(|violation| violation.starts_with("button-name (critical")),
        "{found:?}"
    );
    page.eval("document.body.lastElementChild.remove(); return null")
        .await;

    // A peg is put by clicking its hole: it stands there, named by its component, and the
    // supply has one fewer.
    page.wait("#table-parts .board .space.offered[data-space=\"4\"]")
        .await
        .click()
        .await
        .unwrap();
    page.wait_text("#table-parts [data-space=\"4\"] .face", "Amber")
        .await;
    page.wait_text("#my-area .pile .count > [aria-hidden]", "×3")
        .await;

    page.bot_plays_to_end(&mut rng(21), Duration::from_secs(60))
        .await;
    assert!(page.text("#outcome .places").await.contains("Pat"));
    assert_eq!(page.all("#table-parts .board .face").await.len(), 8);
    std::fs::create_dir_all(artifacts()).unwrap();
    std::fs::write(
        artifacts().join("pegs.png"),
        page.client.screenshot().await.unwrap(),
    )
    .unwrap();
}
