//! What the browser tests share: Debian's `chromedriver` on a loopback port, headless
//! Chromium sessions driven through WebDriver (fantoccini), each with a profile of its own
//! (its own storage: a browser context), and a bot that plays any game by reading and
//! clicking the page alone, as a person does.

#![allow(dead_code, clippy::unwrap_used, clippy::missing_panics_doc)]

pub mod pegs;
pub mod workshop;

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use rand::RngExt;
use rand::rngs::StdRng;
use serde_json::{Map, Value, json};

/// How long a browser test waits for the page to get somewhere before it fails.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Debian's chromedriver (package `chromium-driver`, installed by `.ci/run`) on a free
/// loopback port, killed when dropped.
pub struct Driver {
    child: Child,
    pub url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The whole process group: chromedriver and the Chromium processes it started,
        // which outlive it otherwise.
        let _ = Command::new("kill")
            .args(["-KILL", "--", &format!("-{}", self.child.id())])
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    pub async fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("/usr/bin/chromedriver")
            .process_group(0)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (Debian's chromium-driver, installed by .ci/run)");
        let url = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        loop {
            if let Ok(response) = reqwest::get(format!("{url}/status")).await
                && response.status().is_success()
            {
                break;
            }
            assert!(started.elapsed() < PATIENCE, "chromedriver did not start");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Driver { child, url }
    }

    /// A new headless Chromium session, `width` × `height` CSS pixels, with a profile of
    /// its own.
    pub async fn page(&self, width: u32, height: u32) -> Page {
        let profile = tempfile::tempdir().unwrap();
        let mut capabilities = Map::new();
        capabilities.insert(
            "goog:chromeOptions".to_owned(),
            json!({
                "binary": "/usr/bin/chromium",
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities)
            .connect(&self.url)
            .await
            .expect("a Chromium session");
        client.set_window_size(width, height).await.unwrap();
        Page {
            client,
            _profile: profile,
        }
    }
}

/// The options of a selection drawn on the table: its pieces, its parts, the spaces of
/// its boards.
pub const ON_PIECES: &str =
    "#table-parts button.offered, #seats button.offered, #my-area button.offered";

/// One browser context: a Chromium session with its own profile.
pub struct Page {
    pub client: Client,
    _profile: tempfile::TempDir,
}

/// What the page bot did in a step.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// It clicked something.
    Acted,
    /// Nothing to do yet (not its turn, the page busy).
    Waiting,
    /// The match is over.
    Over,
}

impl Page {
    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.unwrap();
    }

    /// The first element matching `css`, waited for.
    pub async fn wait(&self, css: &str) -> Element {
        let started = Instant::now();
        loop {
            if let Ok(found) = self.client.find(Locator::Css(css)).await
                && found.is_displayed().await.unwrap_or(false)
            {
                return found;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "nothing shows `{css}`; the page: {}",
                self.text("main").await
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Every element matching `css` now.
    pub async fn all(&self, css: &str) -> Vec<Element> {
        self.client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_default()
    }

    /// The visible text of the first element matching `css`; empty when there is none.
    pub async fn text(&self, css: &str) -> String {
        match self.client.find(Locator::Css(css)).await {
            Ok(found) => found.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        }
    }

    /// Runs `script` in the page and returns its value.
    pub async fn eval(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.unwrap()
    }

    /// The path and fragment the page is at (`/#/play/hearts/abc`).
    pub async fn at(&self) -> String {
        let url = self.client.current_url().await.unwrap();
        format!("{}#{}", url.path(), url.fragment().unwrap_or(""))
    }

    /// Waits until the page is at a match's table; the match's id.
    pub async fn match_id(&self) -> String {
        let started = Instant::now();
        loop {
            let at = self.at().await;
            if let Some(rest) = at.split("#/play/").nth(1)
                && let Some((_, id)) = rest.split_once('/')
            {
                return id.to_owned();
            }
            assert!(started.elapsed() < PATIENCE, "never at a table: {at}");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// One step of a player who reads the page and clicks it, choosing at random among
    /// what it offers: an action, an option (on the board or among the buttons), enough
    /// options of a selection of several, a number, a text, a group, a confirmation.
    pub async fn bot_step(&self, rng: &mut StdRng) -> Step {
        if self.shown("#outcome").await {
            return Step::Over;
        }
        if self.all("#prompt[data-busy=\"true\"]").await.len() == 1 {
            return Step::Waiting;
        }
        for role in ["confirm", "submit"] {
            if let Some(button) = self
                .enabled(&format!("#prompt [data-role={role}]"))
                .await
                .pop()
            {
                self.assert_in_view(&button, role).await;
                return clicked(button.click().await);
            }
        }
        if let Some(input) = self.enabled("#prompt input[data-role=number]").await.pop() {
            let low = number_attr(&input, "min").await;
            let high = number_attr(&input, "max").await;
            let value = rng.random_range(low..=high);
            let _ = input.clear().await;
            let _ = input.send_keys(&value.to_string()).await;
            return self.click_choose().await;
        }
        if let Some(input) = self.enabled("#prompt input[data-role=text]").await.pop() {
            let _ = input.send_keys("meeple").await;
            return self.click_choose().await;
        }
        let parts = self.all("#prompt fieldset.group-part").await;
        if !parts.is_empty() {
            for part in parts {
                let inputs = part
                    .find_all(Locator::Css("input[data-role=group-option]:not(:disabled)"))
                    .await
                    .unwrap_or_default();
                if !inputs.is_empty() {
                    let index = rng.random_range(0..inputs.len());
                    let _ = inputs[index].click().await;
                }
            }
            return self.click_choose().await;
        }
        // The options drawn on the table are chosen on its pieces, never as buttons.
        let pieces = self.enabled(ON_PIECES).await;
        if !pieces.is_empty() {
            if let Some(legend) = self.all("#prompt legend").await.pop() {
                self.assert_in_view(&legend, "the instruction").await;
            }
            let mut allowed = Vec::new();
            for piece in pieces {
                if piece.attr("aria-disabled").await.ok().flatten().as_deref() != Some("true") {
                    allowed.push(piece);
                }
            }
            let several = !self.all("#prompt [data-role=choose]").await.is_empty();
            if allowed.is_empty() {
                // Every option refused (a prohibition in force, the reason on each): a
                // person reads why, then takes none when none may be taken, or chooses
                // another action.
                if several && self.wanted().await.0 >= self.wanted().await.1 {
                    return self.click_choose().await;
                }
                if let Some(cancel) = self.enabled("#prompt button[data-role=cancel]").await.pop() {
                    return clicked(cancel.click().await);
                }
            } else if !several {
                let index = rng.random_range(0..allowed.len());
                return self.click_piece(&allowed[index]).await;
            } else {
                let (chosen, low, high) = self.wanted().await;
                let mut unpicked = Vec::new();
                for piece in allowed {
                    if piece.attr("aria-pressed").await.ok().flatten().as_deref() == Some("false") {
                        unpicked.push(piece);
                    }
                }
                if chosen >= low && (chosen >= high || unpicked.is_empty() || rng.random_bool(0.3))
                {
                    return self.click_choose().await;
                }
                if !unpicked.is_empty() {
                    let index = rng.random_range(0..unpicked.len());
                    return self.click_piece(&unpicked[index]).await;
                }
            }
        }
        let options = self
            .enabled("#prompt button[data-role=option]:not([aria-disabled=\"true\"])")
            .await;
        if !options.is_empty() {
            let several = self.all("#prompt [data-role=choose]").await;
            if several.is_empty() {
                // One option, among the prompt's buttons (not drawn on the table).
                let index = rng.random_range(0..options.len());
                return clicked(options[index].click().await);
            }
            // Several options: one more picked a step (the page draws itself again after
            // each), until enough are and the bot stops.
            let (chosen, low, high) = self.wanted().await;
            let unpicked = self
                .enabled("#prompt button[data-role=option][aria-pressed=\"false\"]:not([aria-disabled=\"true\"])")
                .await;
            if chosen >= low && (chosen >= high || unpicked.is_empty() || rng.random_bool(0.3)) {
                return self.click_choose().await;
            }
            if unpicked.is_empty() {
                return Step::Waiting;
            }
            let index = rng.random_range(0..unpicked.len());
            return clicked(unpicked[index].click().await);
        }
        // Every option refused (a prohibition in force, the reason on each): a person reads
        // why, then takes none when none may be taken, or chooses another action.
        if !self
            .all("#prompt button[data-role=option]")
            .await
            .is_empty()
        {
            if !self.all("#prompt [data-role=choose]").await.is_empty() {
                let (chosen, low, _) = self.wanted().await;
                if chosen >= low {
                    return self.click_choose().await;
                }
            }
            if let Some(cancel) = self.enabled("#prompt button[data-role=cancel]").await.pop() {
                return clicked(cancel.click().await);
            }
        }
        let actions = self.enabled("#prompt button[data-role=action]").await;
        if !actions.is_empty() {
            let index = rng.random_range(0..actions.len());
            return clicked(actions[index].click().await);
        }
        Step::Waiting
    }

    /// Plays with [`bot_step`](Self::bot_step) until the match is over.
    pub async fn bot_plays_to_end(&self, rng: &mut StdRng, patience: Duration) {
        self.bot_plays(rng, patience, usize::MAX).await;
    }

    /// Plays with [`bot_step`](Self::bot_step) until the match is over (`true`) or the
    /// bot acted `acts` times (`false`).
    pub async fn bot_plays(&self, rng: &mut StdRng, patience: Duration, acts: usize) -> bool {
        let started = Instant::now();
        let mut acted = 0;
        loop {
            match self.bot_step(rng).await {
                Step::Over => return true,
                Step::Acted => {
                    acted += 1;
                    if acted >= acts {
                        return false;
                    }
                }
                Step::Waiting => tokio::time::sleep(Duration::from_millis(20)).await,
            }
            if started.elapsed() >= patience {
                // The page as it stood, for whoever reads why.
                if let Ok(screenshot) = self.client.screenshot().await {
                    let directory = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                        .join("../target/browser-artifacts");
                    let _ = std::fs::create_dir_all(&directory);
                    let _ = std::fs::write(directory.join("stuck.png"), screenshot);
                }
                panic!(
                    "the match did not end in time; the page: {}",
                    self.text("main").await
                );
            }
        }
    }

    /// How many options of the selection of several are picked, and the fewest and most
    /// it asks for, from its count line ("1 chosen; choose 3." or "0 chosen; choose 1 to
    /// 3.").
    async fn wanted(&self) -> (usize, usize, usize) {
        let line = self.text("#prompt .count").await;
        let chosen = line
            .split(' ')
            .next()
            .and_then(|count| count.parse().ok())
            .unwrap_or(0);
        let wanted = line
            .split("choose ")
            .nth(1)
            .unwrap_or("1")
            .trim_end_matches('.');
        match wanted.split_once(" to ") {
            Some((low, high)) => (chosen, low.parse().unwrap_or(1), high.parse().unwrap_or(1)),
            None => {
                let exactly = wanted.parse().unwrap_or(1);
                (chosen, exactly, exactly)
            }
        }
    }

    async fn click_choose(&self) -> Step {
        match self.enabled("#prompt [data-role=choose]").await.pop() {
            Some(button) => {
                self.assert_in_view(&button, "choose").await;
                clicked(button.click().await)
            }
            None => Step::Waiting,
        }
    }

    /// Clicks a piece of the table as a person does: scrolled to the middle of the window
    /// first, clear of the prompt's bar.
    async fn click_piece(&self, piece: &Element) -> Step {
        if let Ok(argument) = serde_json::to_value(piece) {
            let _ = self
                .client
                .execute(
                    "arguments[0].scrollIntoView({block: 'center', inline: 'nearest'});",
                    vec![argument],
                )
                .await;
        }
        clicked(piece.click().await)
    }

    /// Fails unless `element` (what a person needs: an instruction, a confirm button) lies
    /// wholly inside the window, with no scrolling.
    pub async fn assert_in_view(&self, element: &Element, what: &str) {
        let Ok(argument) = serde_json::to_value(element) else {
            return;
        };
        let inside = self
            .client
            .execute(
                "const box = arguments[0].getBoundingClientRect();
                 return [box.top, box.bottom, window.innerHeight, box.left, box.right, window.innerWidth];",
                vec![argument],
            )
            .await;
        // A redraw between finding and measuring: nothing to judge.
        let Ok(Value::Array(numbers)) = inside else {
            return;
        };
        let numbers: Vec<f64> = numbers.iter().filter_map(Value::as_f64).collect();
        if let [top, bottom, height, left, right, width] = numbers[..] {
            if bottom - top == 0.0 {
                return;
            }
            assert!(
                top >= -1.0 && bottom <= height + 1.0 && left >= -1.0 && right <= width + 1.0,
                "{what} is outside the window ({width}x{height}): {left},{top} to {right},{bottom}"
            );
        }
    }

    /// The elements matching `css` that are shown and enabled.
    async fn enabled(&self, css: &str) -> Vec<Element> {
        let mut found = Vec::new();
        for element in self.all(css).await {
            if element.is_enabled().await.unwrap_or(false)
                && element.is_displayed().await.unwrap_or(false)
            {
                found.push(element);
            }
        }
        found
    }

    /// Whether an element matching `css` is shown.
    pub async fn shown(&self, css: &str) -> bool {
        match self.client.find(Locator::Css(css)).await {
            Ok(found) => found.is_displayed().await.unwrap_or(false),
            Err(_) => false,
        }
    }
}

fn clicked(result: Result<(), fantoccini::error::CmdError>) -> Step {
    // A click on an element the page just replaced is a step to take again.
    if result.is_ok() {
        Step::Acted
    } else {
        Step::Waiting
    }
}

async fn number_attr(element: &Element, name: &str) -> i64 {
    element
        .attr(name)
        .await
        .ok()
        .flatten()
        .and_then(|value| value.parse().ok())
        .unwrap_or(0)
}

/// A TCP proxy on loopback in front of a server: the browser talks to it, and the test
/// can cut every connection open through it at once (a dropped network), after which new
/// connections pass again.
pub struct Proxy {
    pub address: std::net::SocketAddr,
    cut: tokio::sync::watch::Sender<u64>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Proxy {
    pub async fn start(upstream: std::net::SocketAddr) -> Proxy {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (cut, _) = tokio::sync::watch::channel(0u64);
        let cuts = cut.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                let Ok(mut outbound) = tokio::net::TcpStream::connect(upstream).await else {
                    continue;
                };
                let mut cut = cuts.subscribe();
                tokio::spawn(async move {
                    tokio::select! {
                        _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound) => {}
                        _ = cut.changed() => {}
                    }
                });
            }
        });
        Proxy { address, cut, task }
    }

    /// `path` through the proxy.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// Drops every connection open through the proxy now.
    pub fn cut(&self) {
        self.cut.send_modify(|cuts| *cuts += 1);
    }
}

/// The 95th percentile of `values` (ms), and how many there were.
pub fn p95(values: &[f64]) -> (f64, usize) {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let index = ((sorted.len() as f64) * 0.95).ceil() as usize;
    (
        sorted.get(index.saturating_sub(1)).copied().unwrap_or(0.0),
        sorted.len(),
    )
}

/// The accessibility engine the tests run in the page: axe-core as npm published it
/// (`web/axe/`, with its licence).
const AXE: &str = include_str!("axe/axe.min.js");

/// The version of [`AXE`].
pub const AXE_VERSION: &str = "4.14.1";

impl Page {
    /// Sizes the window so that the page itself (the viewport) is `width` x `height` CSS
    /// pixels, as on a device of that screen: the browser's own frame is added around it.
    pub async fn viewport(&self, width: u32, height: u32) {
        let inner = self
            .eval("return [window.innerWidth, window.innerHeight]")
            .await;
        let (Some(inner_width), Some(inner_height)) = (
            inner.get(0).and_then(Value::as_u64),
            inner.get(1).and_then(Value::as_u64),
        ) else {
            return;
        };
        let (outer_width, outer_height) = self.client.get_window_size().await.expect("a window");
        let frame_width = outer_width.saturating_sub(inner_width);
        let frame_height = outer_height.saturating_sub(inner_height);
        self.client
            .set_window_size(
                u32::try_from(frame_width).unwrap_or(0) + width,
                u32::try_from(frame_height).unwrap_or(0) + height,
            )
            .await
            .expect("the window resized");
    }

    /// Keeps a screenshot of the page as it stands, from its top, as
    /// `target/browser-artifacts/{name}.png`.
    pub async fn keep_screenshot(&self, name: &str) {
        self.eval("window.scrollTo(0, 0); return null").await;
        let directory =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/browser-artifacts");
        std::fs::create_dir_all(&directory).expect("the artifacts' directory");
        let screenshot = self.client.screenshot().await.expect("a screenshot");
        std::fs::write(directory.join(format!("{name}.png")), screenshot)
            .expect("a screenshot kept");
    }

    /// What axe-core finds wrong with the page as it stands: each violation of impact
    /// `critical` or `serious`, as `rule (impact, n nodes): the first node's HTML`.
    /// Injected once per page load.
    pub async fn accessibility_violations(&self) -> Vec<String> {
        let loaded = self.eval("return typeof window.axe === 'object'").await;
        if loaded != Value::Bool(true) {
            self.client
                .execute(AXE, vec![])
                .await
                .expect("axe-core loads");
        }
        let found = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 axe.run(document, { resultTypes: ['violations'] })
                   .then((result) => done(result.violations
                     .filter((violation) => ['critical', 'serious'].includes(violation.impact))
                     .map((violation) => `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes): ${violation.nodes[0]?.html ?? ''}`)))
                   .catch((error) => done([`axe failed: ${error}`]));",
                vec![],
            )
            .await
            .expect("axe-core runs");
        found
            .as_array()
            .map(|lines| {
                lines
                    .iter()
                    .filter_map(|line| line.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Fails on any critical or serious accessibility violation axe-core finds on the
    /// page, naming the `place` the page was at.
    pub async fn assert_accessible(&self, place: &str) {
        let violations = self.accessibility_violations().await;
        assert!(
            violations.is_empty(),
            "axe-core {AXE_VERSION} on {place}:\n{}",
            violations.join("\n")
        );
    }

    /// The page's timings: ms from each prompt's arrival to a page that takes the next
    /// click (`window.meeple.timings`).
    pub async fn timings(&self) -> Vec<f64> {
        self.eval("return window.meeple ? window.meeple.timings : []")
            .await
            .as_array()
            .map(|values| values.iter().filter_map(Value::as_f64).collect())
            .unwrap_or_default()
    }

    /// Everything the page holds: its DOM, its storage and the frames it received.
    pub async fn held(&self) -> String {
        let held = self
            .eval(
                "return [document.documentElement.outerHTML, JSON.stringify(Object.assign({}, localStorage)), \
                 JSON.stringify(Object.assign({}, sessionStorage)), (window.meeple ? window.meeple.received : []).join('\\n')].join('\\n')",
            )
            .await;
        held.as_str().unwrap_or_default().to_owned()
    }

    /// Waits until `css` shows text `expected`.
    pub async fn wait_text(&self, css: &str, expected: &str) {
        let started = Instant::now();
        while self.text(css).await != expected {
            assert!(
                started.elapsed() < PATIENCE,
                "`{css}` shows {:?}, not {expected:?}",
                self.text(css).await
            );
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
}
