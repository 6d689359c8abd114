// The orders board, live (decision 086). The page works without this script: its forms move orders and answer with
// the board drawn afresh. With it, the board listens to the store's stream (/admin/order-updates, decision 051) and on
// each move reads /admin/orders again and swaps #board in place, keeping focus, open folds and typed reasons; a new
// order is said in a polite live region and, unless the member turned it off, rung with a short WebAudio tone. The
// words come from the server (#board-words): this script has no translator.

const words = JSON.parse(document.getElementById("board-words")?.textContent ?? "{}");
const news = document.getElementById("board-news");
const live = document.getElementById("board-live");
const sound = document.getElementById("board-sound");
const SOUND_KEY = "desk.board.sound";
const FIRST_WAIT_MS = 1000;
const LAST_WAIT_MS = 30_000;
const KEEP_ALIVE_MS = 30_000;

let after = Number(document.getElementById("board")?.dataset.after ?? 0);
let wait = FIRST_WAIT_MS;
let reading = false;
let readAgain = false;
let audio = null;

// The toggle is the script's own: without it there is no sound to turn off, so it is shown only now.
document.getElementById("board-tools")?.removeAttribute("hidden");
const soundOn = () => localStorage.getItem(SOUND_KEY) !== "off";
sound?.setAttribute("aria-pressed", String(soundOn()));
sound?.addEventListener("click", () => {
  localStorage.setItem(SOUND_KEY, soundOn() ? "off" : "on");
  sound.setAttribute("aria-pressed", String(soundOn()));
  if (soundOn()) ring();
});

/** Two short tones. A browser lets a page make sound only after the member has used it, so until then it is silent. */
function ring() {
  if (!soundOn() || navigator.userActivation?.hasBeenActive === false) return;
  audio ??= new AudioContext();
  const start = audio.currentTime;
  for (const [offset, pitch] of [
    [0, 880],
    [0.18, 1320],
  ]) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.2, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.16);
  }
}

function announce(text) {
  if (!news) return;
  // Emptied first, so the same words said twice are heard twice.
  news.textContent = "";
  setTimeout(() => {
    news.textContent = text;
  }, 50);
}

/** Reads the board again and swaps it in, one read at a time: a move during a read is read once that read ends. */
async function redraw() {
  if (reading) {
    readAgain = true;
    return;
  }
  reading = true;
  try {
    const answer = await fetch("/admin/orders", { headers: { Accept: "text/html" } });
    // The desk session ended: the sign-in page says so.
    if (new URL(answer.url).pathname !== "/admin/orders") return location.assign(answer.url);
    if (answer.ok) swap(new DOMParser().parseFromString(await answer.text(), "text/html").getElementById("board"));
  } catch {
    // Offline for a moment: the next move, or the reconnect, reads it again.
  } finally {
    reading = false;
    if (readAgain) {
      readAgain = false;
      redraw();
    }
  }
}

function swap(fresh) {
  const board = document.getElementById("board");
  if (!board || !fresh) return;
  const focused = board.contains(document.activeElement) ? document.activeElement.id : "";
  const open = [...board.querySelectorAll("details[open]")].map((fold) => fold.id);
  const typed = [...board.querySelectorAll("textarea")].filter((field) => field.value).map((field) => [field.id, field.value]);
  board.replaceWith(fresh);
  for (const id of open) document.getElementById(id)?.setAttribute("open", "");
  for (const [id, value] of typed) {
    const field = document.getElementById(id);
    if (field) field.value = value;
  }
  if (!focused) return;
  // A button gone with its move: the order's card (its number) wherever it now stands.
  const order = /^(?:move|reason|more|o)-([A-Za-z0-9_-]{22})/.exec(focused)?.[1];
  (document.getElementById(focused) ?? document.getElementById(`o-${order}`))?.focus();
}

function receive(message) {
  if (message.type === "order") {
    if (message.id <= after) return;
    after = message.id;
    if (message.order.status === "placed") {
      announce(words.newOrder.replace("{number}", message.order.number));
      ring();
    }
    redraw();
    return;
  }
  // Ready, or a gap (more was missed than is replayed): listening from here.
  wait = FIRST_WAIT_MS;
  if (live) live.textContent = words.liveOn;
  if (message.type === "gap") redraw();
  after = Math.max(after, message.id);
}

function connect() {
  const url = new URL(`/admin/order-updates?after=${after}`, location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(url);
  const keepAlive = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send("ping"), KEEP_ALIVE_MS);
  socket.addEventListener("message", (event) => {
    try {
      receive(JSON.parse(event.data));
    } catch {
      // Not ours ("pong"): ignored.
    }
  });
  socket.addEventListener("close", () => {
    clearInterval(keepAlive);
    if (live) live.textContent = words.liveOff;
    // 1 s, 2 s, 4 s … 30 s, each up to half as long again at random, resuming after the last event seen.
    setTimeout(connect, wait + Math.floor(Math.random() * (wait / 2)));
    wait = Math.min(wait * 2, LAST_WAIT_MS);
  });
}

connect();
