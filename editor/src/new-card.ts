/**
 * The "new card" form: the kind (from the rules), the id checked as it is typed (kebab-case, not
 * taken by a card or a file), and what the game's authoring guide asks of every card file. Built
 * with DOM calls: every value (kinds, ids) goes in as text.
 */

export interface NewCardAsk {
  readonly game: string;
  readonly kinds: readonly string[];
  /** Ids of the game's cards. */
  readonly taken: ReadonlySet<string>;
  /** Paths of the game's files (`cards/<game>/cards/<id>.yaml` must be free too). */
  readonly files: ReadonlySet<string>;
}

const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Why `id` cannot be the new card's id, or null when it can. */
export function idProblem(id: string, ask: NewCardAsk): string | null {
  if (id === "") return "type an id";
  if (!ID.test(id)) return "an id is kebab-case: lower-case letters and digits, words joined by '-'";
  if (ask.taken.has(id)) return `'${id}' is already a card of ${ask.game}`;
  if (ask.files.has(`cards/${ask.game}/cards/${id}.yaml`)) return `cards/${ask.game}/cards/${id}.yaml already exists`;
  return null;
}

/** An element with a few plain properties (text, value, type…): no markup is ever parsed. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Readonly<Record<string, string | number>> = {},
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  Object.assign(e, props);
  return e;
}

/** Shows the form; resolves with the kind and id, or null when cancelled. */
export function openNewCardForm(ask: NewCardAsk): Promise<{ kind: string; id: string } | null> {
  const dialog = el("dialog", { className: "new-card" });
  dialog.dataset["testid"] = "new-card-form";
  const kind = el("select");
  kind.dataset["testid"] = "nc-kind";
  for (const k of ask.kinds) kind.append(el("option", { value: k, textContent: k }));
  const id = el("input", { type: "text", placeholder: "kebab-case id", size: 28 });
  id.dataset["testid"] = "nc-id";
  const why = el("div", { className: "nc-why" });
  why.dataset["testid"] = "nc-why";
  const create = el("button", { type: "button", textContent: "Create" });
  create.dataset["testid"] = "nc-create";
  const cancel = el("button", { type: "button", textContent: "Cancel" });
  const kindLabel = el("label", { textContent: "kind " });
  kindLabel.append(kind);
  const idLabel = el("label", { textContent: "id " });
  idLabel.append(id);
  const where = el("div", { className: "muted" });
  dialog.append(el("h3", { textContent: `New card in ${ask.game}` }), kindLabel, idLabel, why, where, create, cancel);
  const check = () => {
    const v = id.value.trim();
    const p = idProblem(v, ask);
    why.textContent = p ?? `✓ cards/${ask.game}/cards/${v}.yaml`;
    why.classList.toggle("ok", p === null);
    create.disabled = p !== null;
  };
  id.oninput = check;
  check();
  document.body.append(dialog);
  dialog.showModal();
  id.focus();
  return new Promise((done) => {
    const close = (r: { kind: string; id: string } | null) => {
      dialog.close();
      dialog.remove();
      done(r);
    };
    create.onclick = () => close({ kind: kind.value, id: id.value.trim() });
    cancel.onclick = () => close(null);
    dialog.oncancel = () => close(null);
    id.onkeydown = (e) => {
      if (e.key === "Enter" && !create.disabled) create.click();
    };
  });
}
