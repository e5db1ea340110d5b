// The client's entry: routes by the URL's fragment to the games (`#/`), a game's lobby
// (`#/games/{name}`) or a match's table (`#/play/{name}/{matchID}`).

import { h, replace } from './dom.js';
import { showGame, showGames } from './lobby.js';
import { showTable } from './table.js';
import './hearts.js';

const app = document.getElementById('app');
let leave = null;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  try {
    if (parts[0] === 'games' && parts[1]) {
      await showGame(app, parts[1]);
    } else if (parts[0] === 'play' && parts[1] && parts[2]) {
      leave = showTable(app, parts[1], parts[2]);
    } else {
      await showGames(app);
    }
  } catch (error) {
    replace(app, h('h1', {}, 'Something went wrong'), h('p', { role: 'alert' }, String(error.message ?? error)));
  }
  app.focus();
}

window.addEventListener('hashchange', route);
route();
