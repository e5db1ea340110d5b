//! The web client in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`, installed by `.ci/run`) driven through WebDriver against a real
//! server. Pages are only read and clicked, as a person does; no test calls the API.

#![allow(clippy::unwrap_used)]

mod support;
mod web;

use std::time::Duration;

use support::{TestServer, rng};
use web::{Driver, Page};

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
    page.wait("[data-role=create]").await.click().await.unwrap();
    page.match_id().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_play_tictactoe_in_two_browsers_and_an_observer_watches() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("browser.sqlite")).await;
    let driver = Driver::start().await;
    let (alice, bob, observer) = (
        driver.page(1000, 800).await,
        driver.page(1000, 800).await,
        driver.page(1000, 800).await,
    );

    // Alice creates a match for two people from the lobby's form and is seated.
    let id = create_from_page(&alice, &server, "tictactoe", "Alice", &[(1, "person")], &[]).await;
    alice.wait("#prompt .building").await;
    assert_eq!(alice.text(".who").await, "You play X.");

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
    while bob.text(".who").await != "You play O." {
        assert!(
            started.elapsed() < web::PATIENCE,
            "{}",
            bob.text("main").await
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(bob.text("#acting .turn").await, "Waiting for X.");

    // An observer watches; nothing to join any more.
    observer
        .goto(&server.url(&format!("/#/play/tictactoe/{id}")))
        .await;
    observer.wait("#acting .turn").await;
    assert_eq!(observer.text(".who").await, "You are watching.");
    assert!(!observer.shown("#joins").await);

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
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_bot_plays_every_game_to_its_end() {
    let directory = tempfile::tempdir().unwrap();
    let server = TestServer::start(&directory.path().join("every.sqlite")).await;
    let driver = Driver::start().await;
    let games: [(&str, Config, u32); 6] = [
        ("blackjack", &[], 1000),
        ("breakthrough", &[], 1000),
        ("connect_four", &[], 1000),
        ("hearts", &[("target_score", "1")], 1000),
        // One on a phone's width.
        ("memory", &[], 360),
        ("tictactoe", &[], 1000),
    ];
    for (index, (game, config, width)) in games.into_iter().enumerate() {
        let page = driver.page(width, 800).await;
        create_from_page(&page, &server, game, "Robin", &[], config).await;
        page.bot_plays_to_end(&mut rng(10 + index as u64), Duration::from_secs(240))
            .await;
        let places = page.text("#outcome .places").await;
        assert!(places.contains("(you)"), "{game}: {places}");
        page.eval("window.scrollTo(0, 0)").await;
        let screenshot = page.client.screenshot().await.unwrap();
        assert!(screenshot.starts_with(b"\x89PNG"), "{game}");
        std::fs::create_dir_all(artifacts()).unwrap();
        std::fs::write(artifacts().join(format!("{game}.png")), screenshot).unwrap();
    }
}

/// Where the browser tests keep their screenshots: `target/browser-artifacts`.
fn artifacts() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser-artifacts")
}
