// The client's entry: routes by the URL's fragment to the games (`#/`), a game's lobby
// (`#/games/{name}`) or a match's table (`#/play/{name}/{matchID}`).

import { h, replace } from './dom.js';
import { showGame, showGames } from './lobby.js';
import { showTable } from './table.js';

const app = document.getElementById('app');
let leave = null;
/** The number of the latest route: a page that loads after a later one was shown stays
 *  away. */
let routes = 0;

async function route() {
  if (leave) {
    leave();
    leave = null;
  }
  routes += 1;
  const current = routes;
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  // Lobby pages draw into a page of their own, shown only if still the latest route.
  const page = h('div', { class: 'page' });
  try {
    if (parts[0] === 'games' && parts[1]) {
      await showGame(page, parts[1]);
    } else if (parts[0] === 'play' && parts[1] && parts[2]) {
      leave = showTable(page, parts[1], parts[2]);
    } else {
      await showGames(page);
    }
  } catch (error) {
    replace(page, h('h1', {}, 'Something went wrong'), h('p', { role: 'alert' }, String(error.message ?? error)));
  }
  if (current !== routes) return;
  replace(app, page);
  app.focus();
}

window.addEventListener('hashchange', route);
route();
