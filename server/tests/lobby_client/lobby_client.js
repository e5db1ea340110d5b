// boardgame.io 0.50.2's LobbyClient, unchanged, against a meeple server: list, create,
// join, rename, leave and play again, and the errors it surfaces. Run by
// server/tests/lobby_client.rs as `node lobby_client.js <server URL>`; exits 1 with the
// first difference.
const assert = require('node:assert/strict');
const { LobbyClient } = require('boardgame.io/client');

async function refused(call, status, details) {
  try {
    await call();
  } catch (error) {
    assert.equal(error.message, `HTTP status ${status}`);
    assert.deepEqual(error.details, details);
    return;
  }
  assert.fail(`expected HTTP status ${status}`);
}

async function main() {
  const lobby = new LobbyClient({ server: process.argv[2] });

  const games = await lobby.listGames();
  assert.ok(games.includes('tictactoe') && games.includes('hearts'), String(games));

  const { matchID } = await lobby.createMatch('tictactoe', { numPlayers: 2, setupData: {} });
  assert.equal(typeof matchID, 'string');
  await refused(() => lobby.createMatch('chess', { numPlayers: 2 }), 404, 'Game chess not found');
  await refused(() => lobby.createMatch('hearts', { numPlayers: 3 }), 400, 'Invalid numPlayers');

  const first = await lobby.joinMatch('tictactoe', matchID, { playerID: '0', playerName: 'alice' });
  assert.equal(first.playerID, '0');
  assert.equal(typeof first.playerCredentials, 'string');
  const second = await lobby.joinMatch('tictactoe', matchID, { playerName: 'bob' });
  assert.equal(second.playerID, '1');
  await refused(
    () => lobby.joinMatch('tictactoe', matchID, { playerID: '0', playerName: 'carol' }),
    409,
    'Player 0 not available',
  );

  const { matches } = await lobby.listMatches('tictactoe');
  const listed = matches.find((match) => match.matchID === matchID);
  assert.deepEqual(
    listed.players.map(({ id, name }) => ({ id, name })),
    [{ id: 0, name: 'alice' }, { id: 1, name: 'bob' }],
  );
  assert.ok(!JSON.stringify(matches).includes(first.playerCredentials));
  const running = await lobby.listMatches('tictactoe', { isGameover: false });
  assert.ok(running.matches.some((match) => match.matchID === matchID));
  const over = await lobby.listMatches('tictactoe', { isGameover: true });
  assert.ok(!over.matches.some((match) => match.matchID === matchID));

  await lobby.updatePlayer('tictactoe', matchID, {
    playerID: '0',
    credentials: first.playerCredentials,
    newName: 'alicia',
  });
  await refused(
    () => lobby.updatePlayer('tictactoe', matchID, { playerID: '0', credentials: 'wrong', newName: 'x' }),
    403,
    'Invalid credentials wrong',
  );
  const match = await lobby.getMatch('tictactoe', matchID);
  assert.equal(match.players[0].name, 'alicia');
  assert.equal(match.gameName, 'tictactoe');

  const again = await lobby.playAgain('tictactoe', matchID, {
    playerID: '1',
    credentials: second.playerCredentials,
  });
  const same = await lobby.playAgain('tictactoe', matchID, {
    playerID: '0',
    credentials: first.playerCredentials,
  });
  assert.equal(again.nextMatchID, same.nextMatchID);
  assert.equal((await lobby.getMatch('tictactoe', matchID)).nextMatchID, again.nextMatchID);

  await lobby.leaveMatch('tictactoe', matchID, { playerID: '0', credentials: first.playerCredentials });
  await lobby.leaveMatch('tictactoe', matchID, { playerID: '1', credentials: second.playerCredentials });
  await refused(() => lobby.getMatch('tictactoe', matchID), 404, `Match ${matchID} not found`);
  console.log('LobbyClient: every call answered as boardgame.io answers');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
