//! A minimal W3C WebDriver client over `chromedriver` (Debian's `chromium-driver`): start a
//! headless Chromium session, navigate, find elements, click, run scripts, take
//! screenshots. Plain HTTP/1.1 on a local socket with JSON bodies; the driver process is
//! killed when the client is dropped.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The W3C name of an element reference in JSON.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub struct Driver {
    child: Child,
    port: u16,
    session: String,
}

impl Driver {
    /// Starts chromedriver on a free port and a headless Chromium session with its profile
    /// under `profile`.
    pub fn start(chromedriver: &Path, chromium: &Path, profile: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let mut driver = Driver { child, port, session: String::new() };
        let start = Instant::now();
        while driver.request("GET", "/status", None).is_err() {
            assert!(start.elapsed() < Duration::from_secs(30), "chromedriver answers within 30 s");
            std::thread::sleep(Duration::from_millis(100));
        }
        let capabilities = json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {
            "binary": chromium.display().to_string(),
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000",
                     "--disable-background-networking", "--no-first-run", "--disable-component-update",
                     "--disable-sync", format!("--user-data-dir={}", profile.display())]
        }}}});
        let reply = driver.call("POST", "/session", Some(capabilities));
        driver.session = reply["sessionId"].as_str().expect("a session id").to_string();
        driver
    }

    /// Resizes the browser window to `width` × `height` pixels.
    pub fn resize(&self, width: u32, height: u32) {
        self.session_call("POST", "/window/rect", Some(json!({"width": width, "height": height})));
    }

    pub fn goto(&self, url: &str) {
        self.session_call("POST", "/url", Some(json!({ "url": url })));
    }

    pub fn url(&self) -> String {
        self.session_call("GET", "/url", None).as_str().unwrap_or_default().to_string()
    }

    /// The element an XPath finds (panics when there is none).
    pub fn find(&self, xpath: &str) -> String {
        let reply = self.session_call("POST", "/element", Some(json!({"using": "xpath", "value": xpath})));
        reply[ELEMENT].as_str().unwrap_or_else(|| panic!("no element {xpath}: {reply}")).to_string()
    }

    pub fn click(&self, element: &str) {
        self.session_call("POST", &format!("/element/{element}/click"), None);
    }

    /// Runs a script (its `return` value comes back as JSON).
    pub fn script(&self, script: &str) -> Value {
        self.session_call("POST", "/execute/sync", Some(json!({"script": script, "args": []})))
    }

    /// A PNG of the viewport, or of one element.
    pub fn screenshot(&self, element: Option<&str>) -> Vec<u8> {
        let path = element.map_or_else(|| "/screenshot".to_string(), |e| format!("/element/{e}/screenshot"));
        base64(self.session_call("GET", &path, None).as_str().expect("base64 PNG"))
    }

    fn session_call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.call(method, &format!("/session/{}{path}", self.session), body)
    }

    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let reply = self.request(method, path, body).unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        if let Some(error) = reply["value"].get("error") {
            panic!("{method} {path}: {error}: {}", reply["value"]["message"]);
        }
        reply.get("value").cloned().unwrap_or(reply)
    }

    fn request(&self, method: &str, path: &str, body: Option<Value>) -> std::io::Result<Value> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        let body =
            body.map(|b| b.to_string()).unwrap_or_else(|| if method == "POST" { "{}".into() } else { String::new() });
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )?;
        // The driver may keep the connection open: read the head, then the body by its length.
        let mut response = Vec::new();
        let mut buffer = [0u8; 65536];
        let body = loop {
            let n = stream.read(&mut buffer)?;
            if n == 0 {
                break None;
            }
            response.extend_from_slice(&buffer[..n]);
            let Some(end) = response.windows(4).position(|w| w == b"\r\n\r\n") else { continue };
            let head = String::from_utf8_lossy(&response[..end]).to_ascii_lowercase();
            let length: Option<usize> =
                head.lines().find_map(|l| l.strip_prefix("content-length:")).and_then(|v| v.trim().parse().ok());
            if let Some(length) = length {
                while response.len() < end + 4 + length {
                    let n = stream.read(&mut buffer)?;
                    if n == 0 {
                        break;
                    }
                    response.extend_from_slice(&buffer[..n]);
                }
                break Some(String::from_utf8_lossy(&response[end + 4..]).into_owned());
            }
        };
        let body = match body {
            Some(body) => body,
            None => {
                let text = String::from_utf8_lossy(&response);
                let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
                if head.to_ascii_lowercase().contains("transfer-encoding: chunked") {
                    unchunk(body)
                } else {
                    body.to_string()
                }
            }
        };
        serde_json::from_str(&body).map_err(|e| std::io::Error::other(format!("{e}: {body}")))
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = self.request("DELETE", &format!("/session/{}", self.session), None);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn unchunk(body: &str) -> String {
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 || after.len() < n {
            break;
        }
        out.push_str(&after[..n]);
        rest = after[n..].trim_start_matches("\r\n");
    }
    out
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let digits: Vec<u8> = text.bytes().filter_map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&bytes[..chunk.len().saturating_sub(1)]);
    }
    out
}
