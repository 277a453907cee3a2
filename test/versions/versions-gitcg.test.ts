/**
 * Versions in Genius Invokation TCG: five official balance changes (Rainbow Bladework 3.5, Send Off
 * 3.6, Katheryne 3.5, Teyvat Fried Egg 4.0, The Scent Remained and Crossfire 4.1), each with
 * scenarios at both versions; `play --version` (deterministic, and different per version), the
 * one-line error for an unknown version, a deck built for another version, the replay and a JSON
 * round trip of the state keeping the version. The CLI runs in process.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { renderDiagnostic } from "../../compiler/core/text/diagnostics.ts";
import { readDecks } from "../../compiler/node/decks.ts";
import { gameDir } from "../../compiler/node/project.ts";
import { scenarioFiles } from "../../compiler/node/cli/test-command.ts";
import { runScenarioFile } from "../../compiler/scenarios/runner.ts";
import {
  Engine,
  hashState,
  parseReplay,
  randomAgent,
  recordingRun,
  renderLog,
  replay,
  replayToJSON,
  type State,
} from "../../runtime/index.ts";
import { cli } from "../kit/cli.ts";
import { gameModule } from "../kit/games.ts";

const module = await gameModule("gitcg");
const VERSIONS = "3.3, 3.4, 3.5, 3.6, 3.7, 3.8, 4.0, 4.1, 4.2, 4.3, 4.4, 4.5, 4.6, 4.7, 4.8, 5.0, 5.1, 5.2, 5.3";

describe("GI versions: the cards and their scenarios", () => {
  it("the rules declare the official versions (5.3 for Clorinde's official texts), oldest first, and 5.2 as the default", () => {
    expect(module.rules.versions).toEqual({ known: VERSIONS.split(", "), default: "5.2" });
  });

  it("the versioned cards carry each range before the patch that changed it (their official texts, cards/gitcg/AUDIT.md)", () => {
    const versioned = Object.values(module.cards)
      .filter((c) => c.versions !== undefined)
      .map((c) => `${c.id} ${(c.versions ?? []).map((v) => `${v.since}–${v.until}`).join(" ")}`)
      .sort();
    expect(versioned).toEqual([
      "awakening 3.3–4.2",
      "bake-kurage 5.3–null",
      "beidou-stormbreaker 3.4–3.8",
      "beidou-wavestrider 3.4–3.8",
      "catalyzing-field 3.3–3.4",
      "chef-mao 3.3–4.1",
      "chonghua-frost-field-steady-breathing 3.3–4.2",
      "conductive null–5.1",
      "crossfire 3.3–4.1",
      "dandelion-field 3.3–4.2 5.3–null",
      "dawn-winery 3.3–4.8",
      "descent-of-divinity 4.0–4.8",
      "dominance-of-earth null–4.8",
      "dunyarzad 3.7–4.1",
      "emblem-of-severed-fate 3.7–4.1",
      "falls-and-fortune 4.3–4.8",
      "fatui-pyro-agent 3.3–4.3",
      "ganyu-celestial-shower 3.3–3.7",
      "icy-quill null–4.2",
      "icy-quill-mystical-abandon null–4.2",
      "in-every-house-a-stove 4.2–4.4 4.4–4.7",
      "jean 3.3–4.2",
      "jean-dandelion-breeze 3.3–4.2",
      "kamisato-ayato null–4.1",
      "kamisato-ayato-kamisato-art-suiyuu null–4.1",
      "katheryne 3.3–3.5",
      "kyouka-fuushi null–4.7",
      "lands-of-dandelion 3.3–4.2",
      "lisa-lightning-rose null–4.8",
      "lisa-lightning-touch null–5.1",
      "lumenstone-adjuvant 4.5–4.8",
      "maguu-kenki-blustering-blade 3.3–3.4",
      "maguu-kenki-frosty-assault 3.3–3.4",
      "maguu-kenki-pseudo-tengu-sweeper 3.3–3.4",
      "minty-meat-rolls 3.3–3.4",
      "minty-meat-rolls-effect 3.3–3.4",
      "mirror-cage null–4.2",
      "mirror-maiden-influx-blast null–3.7 5.3–null",
      "nre 3.3–4.1",
      "ocean-hued-clam 4.2–4.3",
      "oceanic-mimic-frog 3.3–4.3",
      "rainbow-bladework 3.3–3.5",
      "razor 3.3–3.8",
      "razor-lightning-fang 3.3–3.8",
      "refraction null–4.8",
      "rhodeia-of-loch-oceanid-mimic-summoning 3.3–4.3",
      "rhodeia-of-loch-the-myriad-wilds 3.3–4.3",
      "rhodeia-of-loch-tide-and-torrent 3.3–4.2",
      "right-of-final-interpretation null–4.2",
      "sangonomiya-kokomi-nereids-ascension 3.5–3.6",
      "scarlet-seal null–4.2",
      "seed-dispensary 4.3–4.6",
      "send-off 3.3–3.7",
      "solar-isotoma 4.0–4.8",
      "sprawling-greenery-effect 3.3–3.8",
      "steady-breathing 3.3–4.2",
      "takimeguri-kanka null–4.1",
      "tamakushi-casket null–4.2",
      "teyvat-fried-egg 3.3–4.0",
      "the-overflow 3.8–4.2",
      "the-scent-remained 3.3–4.1",
      "timaeus 3.3–4.3",
      "wagner 3.3–4.3",
      "wind-and-freedom 3.7–4.1",
      "wind-and-freedom-effect 3.7–4.1",
      "xiangling-pyronado 3.3–3.8",
      "yayoi-nanatsuki 4.1–4.6",
    ]);
    const old = (id: string) => module.cards[id]?.versions?.[0]?.def;
    expect([old("crossfire")?.fields["costAligned"], module.cards["crossfire"]?.fields["costAligned"]]).toEqual([4, 3]);
    expect([
      old("the-scent-remained")?.fields["costAligned"],
      module.cards["the-scent-remained"]?.fields["costAligned"],
    ]).toEqual([4, 3]);
    expect([old("teyvat-fried-egg")?.fields["costSame"], module.cards["teyvat-fried-egg"]?.fields["costSame"]]).toEqual(
      [3, 2],
    );
    expect([
      old("katheryne")?.fields["costVoid"],
      old("katheryne")?.fields["costSame"],
      module.cards["katheryne"]?.fields["costSame"],
    ]).toEqual([2, 0, 1]);
  });

  it("every versions-*.yaml scenario passes, and each versioned card is played at both versions", () => {
    const files = scenarioFiles("gitcg").filter((f) => /versions-[^/]*\.yaml$/.test(f));
    const results = files.flatMap((f) => runScenarioFile(module, relative(process.cwd(), f), readFileSync(f, "utf8")));
    expect(
      results
        .filter((r) => r.failures.length > 0)
        .map((r) => `${r.name}: ${r.failures.map(renderDiagnostic).join("; ")}`),
    ).toEqual([]);
    const at = (card: string) =>
      [
        ...new Set(
          results.filter((r) => r.name.startsWith(`versions: ${card} at `)).map((r) => /at ([\d.]+)/.exec(r.name)?.[1]),
        ),
      ].sort();
    expect(at("rainbow-bladework")).toEqual(["3.4", "5.2"]);
    expect(at("send-off")).toEqual(["3.5", "3.7"]);
    expect(at("katheryne")).toEqual(["3.4", "3.5"]);
    expect(at("teyvat-fried-egg")).toEqual(["3.8", "4.0"]);
    expect(at("the-scent-remained")).toEqual(["4.0", "4.1"]);
    expect(at("crossfire")).toEqual(["4.0", "4.1"]);
  });

  it("the launch-era sample deck is legal and built for 3.4", () => {
    const { decks, diagnostics } = readDecks(gameDir("gitcg"), module);
    expect(diagnostics.map(renderDiagnostic)).toEqual([]);
    const launch = decks.find((d) => d.id === "launch-diluc-bennett-xingqiu");
    expect([launch?.version, launch?.versionSpan?.range.start]).toEqual(["3.4", { line: 4, col: 11 }]);
  });
});

describe("GI versions: play --version", () => {
  it("an unknown version: exit 2 and one line naming the nearest known version", async () => {
    const r = await cli(["play", "gitcg", "--version", "4.9"]);
    expect([r.code, r.out, r.err]).toEqual([
      2,
      "",
      `error: --version: unknown version '4.9' of 'gitcg' (did you mean '4.8'?); versions: ${VERSIONS}\n`,
    ]);
  });

  it("a game that declares no versions: exit 2, one line", async () => {
    const r = await cli(["play", "elementis", "--version", "1.0"]);
    expect([r.code, r.err]).toEqual([2, "error: --version: the game 'elementis' declares no versions\n"]);
  });

  it("a deck built for 3.4 plays at 3.4; with --version 4.2 it is an error at the deck's version", async () => {
    const deck = ["--deck", "launch-diluc-bennett-xingqiu,xingqiu-mona-keqing", "--seed", "2"];
    const shown = await cli(["play", "gitcg", ...deck]);
    expect([shown.code, shown.out.split("\n")[0]]).toEqual([0, "Genius Invokation TCG, seed 2, version 3.4"]);
    const bad = await cli(["play", "gitcg", ...deck, "--version", "4.2"]);
    expect([bad.code, bad.out]).toEqual([1, ""]);
    expect(bad.err).toBe(
      "cards/gitcg/decks/launch-diluc-bennett-xingqiu.yaml:4:11: error version/conflict: deck 'launch-diluc-bennett-xingqiu' (cards/gitcg/decks/launch-diluc-bennett-xingqiu.yaml) asks for version 3.4, but --version asks for version 4.2\n  hint: one match is played at one version: make them agree, or leave the version out\n",
    );
  });

  it("--from a scenario that asks for 3.5 plays at 3.5; with --version 3.6 it is an error at the scenario's version key", async () => {
    const file = "cards/gitcg/scenarios/versions-send-off.yaml";
    const name =
      "versions: send-off at 3.5: the chosen summon is destroyed (Large Wind Spirit at usage 3 leaves; Oz stays at 2); 2 same dice";
    const from = ["--from", `${file}#${name}`, "--seed", "2", "--agents", "first,first"];
    const shown = await cli(["play", "gitcg", ...from]);
    expect([shown.code, shown.out.split("\n")[0]]).toEqual([
      0,
      `Genius Invokation TCG, seed 2, version 3.5, from ${file}#${name}`,
    ]);
    const bad = await cli(["play", "gitcg", ...from, "--version", "3.6"]);
    expect([bad.code, bad.out]).toEqual([1, ""]);
    expect(bad.err).toBe(
      `${file}:4:15: error version/conflict: the scenario '${name}' (${file}) asks for version 3.5, but --version asks for version 3.6\n  hint: one match is played at one version: make them agree, or leave the version out\n`,
    );
  });
});

describe("GI versions: test --version", () => {
  it("plays the scenarios that name no version at 3.4 (Rainbow Bladework's then 2 Hydro DMG fails today's expectations); an unknown version is exit 2", async () => {
    const file = "cards/gitcg/scenarios/rainbow-bladework.yaml";
    const r = await cli(["test", "gitcg", "--file", file, "--version", "3.4"]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(
      "    cards/gitcg/scenarios/rainbow-bladework.yaml:14:37: error scenario/expect: opponent.characters.diluc.hp: expected 5, got 4\n",
    );
    expect(r.out).toContain("\n0 passed, 2 failed (scenarios without a version of their own played at version 3.4)\n");
    const pinned = await cli([
      "test",
      "gitcg",
      "--file",
      "cards/gitcg/scenarios/versions-send-off.yaml",
      "--version",
      "3.4",
    ]);
    expect([pinned.code, pinned.out.trim().split("\n").pop()]).toEqual([
      0,
      "2 passed, 0 failed (scenarios without a version of their own played at version 3.4)",
    ]);
    const bad = await cli(["test", "gitcg", "--file", file, "--version", "4.9"]);
    expect([bad.code, bad.err]).toEqual([
      2,
      `error: --version: unknown version '4.9' of 'gitcg' (did you mean '4.8'?); versions: ${VERSIONS}\n`,
    ]);
  });
});

describe("GI versions: matches at a version", () => {
  const engine = new Engine(module);
  const { decks } = readDecks(gameDir("gitcg"), module);
  const zones = (id: string) => ({ ...(decks.find((d) => d.id === id)?.zones ?? {}) });
  const config = (seed: number, version: string) => ({
    seed,
    version,
    players: [
      { name: "A", zones: zones("diluc-bennett-xingqiu") },
      { name: "B", zones: zones("xingqiu-mona-keqing") },
    ],
  });
  const agents = () => [randomAgent(3 * 7919 + 1), randomAgent(3 * 7919 + 2)];

  it("the same seed and version give the same match (hash and log); 3.4 and 5.2 differ; the replay keeps the version", () => {
    const a = recordingRun(engine, config(3, "3.4"), agents());
    const b = recordingRun(engine, config(3, "3.4"), agents());
    const c = recordingRun(engine, config(3, "5.2"), agents());
    expect(a.state.version).toBe("3.4");
    expect(hashState(b.state)).toBe(hashState(a.state));
    expect(renderLog(b.state)).toEqual(renderLog(a.state));
    expect(renderLog(c.state)).not.toEqual(renderLog(a.state));
    const text = replayToJSON(a.replay);
    expect((JSON.parse(text) as { config: { version?: string } }).config.version).toBe("3.4");
    const again = replay(engine, parseReplay(text));
    expect([again.version, hashState(again)]).toEqual(["3.4", hashState(a.state)]);
  });
});

describe("GI versions: a saved state plays on at its version", () => {
  it("JSON round trip in mid-match: same hash as playing straight through, version kept", () => {
    const engine = new Engine(module, { log: false });
    const { decks } = readDecks(gameDir("gitcg"), module);
    const zones = (id: string) => ({ ...(decks.find((d) => d.id === id)?.zones ?? {}) });
    const config = {
      seed: 11,
      version: "3.4",
      players: [
        { name: "A", zones: zones("launch-diluc-bennett-xingqiu") },
        { name: "B", zones: zones("xingqiu-mona-keqing") },
      ],
    };
    const straight = engine.newMatch(config);
    const agents = [randomAgent(5), randomAgent(6)];
    const step = (st: State) => {
      const seat = engine.toMove(st) ?? 1;
      expect(engine.apply(st, (agents[seat - 1] ?? agents[0])!.choose(st, engine.legalActions(st), engine)).ok).toBe(
        true,
      );
    };
    for (let i = 0; i < 40 && !engine.isOver(straight); i++) step(straight);
    const loaded = JSON.parse(JSON.stringify(straight)) as State;
    expect(loaded.version).toBe("3.4");
    const agentsB = [randomAgent(7), randomAgent(8)];
    const agentsC = [randomAgent(7), randomAgent(8)];
    for (let i = 0; i < 60 && !engine.isOver(straight); i++) {
      const seat = engine.toMove(straight) ?? 1;
      const a = (agentsB[seat - 1] ?? agentsB[0])!.choose(straight, engine.legalActions(straight), engine);
      const b = (agentsC[seat - 1] ?? agentsC[0])!.choose(loaded, engine.legalActions(loaded), engine);
      expect(engine.apply(straight, a).ok).toBe(true);
      expect(engine.apply(loaded, b).ok).toBe(true);
    }
    expect(hashState(loaded)).toBe(hashState(straight));
    expect(loaded.version).toBe("3.4");
  });
});
