/**
 * A statement with its parameters sent to PGlite as one protocol message, on the database's thread
 * (docs/architecture.md, "The embedded database's thread", "One message a statement", "Statements
 * kept prepared").
 *
 * PGlite's own `query()` sends the extended protocol's messages one call at a time (Parse, Describe
 * the statement, Bind, Describe the portal, Execute, Sync): six trips into the WebAssembly module
 * a statement, the Describe only to learn the parameters' types so that each value is turned into
 * text by the serializer for its type, and the statement parsed and analysed again each time. Here
 * a statement seen before has its types asked once and is kept prepared under a name of its own:
 * Parse once, then Bind, Describe, Execute and Sync as one message each time. The values' text, the
 * answer's parsing and the errors (with the statement's text as `query`) are PGlite's own, so the
 * answer is the one `query()` gives.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Statement texts kept (a few hundred come again in a server's life; texts that change with their
 * values come once each): at most this many, the least recently used dropped first.
 */
const KEPT_STATEMENTS = 1_000;

/**
 * Of those, at most this many kept prepared in the database: each holds its parsed statement and
 * plan in PGlite's memory, which is never given back (about 110 KB for a read of products by id,
 * measured), and a server uses a few dozen again and again. Past it the least recently used is
 * closed, and prepared again if it comes back.
 */
const PREPARED_STATEMENTS = 100;

/**
 * Errors after which a prepared statement is not used again: its answer's columns changed under it
 * (a table it reads was altered), or the database no longer has it.
 */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

type Serializer = (value: unknown) => string;

/** The prepared statements' names, unique within the thread (several of these may share a database: the tests'). */
let nextName = 1;

/** A text seen before: its parameters' types once asked, and its name while it is prepared. */
interface Kept {
  types: readonly number[] | null;
  name: string | null;
}

export class OneMessageQueries {
  /** Statement text -> what is known of it, in the order of last use (the first is dropped first). */
  private readonly kept = new Map<string, Kept>();
  private prepared = 0;
  /** Prepared statements to close, sent with the next message (closing one that is gone is no error). */
  private toClose: string[] = [];

  constructor(
    private readonly db: PGlite,
    private readonly keep = KEPT_STATEMENTS,
    private readonly keepPrepared = PREPARED_STATEMENTS,
  ) {}

  /**
   * With `withValues` the statement is planned with its values (value-plans.ts): sent with its own
   * Parse, unnamed, as PGlite's query() sends every statement, and never kept prepared.
   */
  async query(text: string, params: readonly unknown[], options: QueryOptions, { withValues = false } = {}): Promise<Results> {
    const kept = await this.knownOf(text);
    // Seen for the first time, or a statement PGlite cannot describe: its own query() answers.
    if (kept?.types == null) return this.db.query(text, [...params], options);
    const types = kept.types;
    const values = params.map((value, at) => {
      if (value === null || value === undefined) return null;
      const type = types[at] ?? 0;
      const serialize = (options.serializers?.[type] ?? this.db.serializers[type]) as Serializer | undefined;
      return serialize ? serialize(value) : String(value);
    });
    const preparing = !withValues && kept.name === null;
    const name = withValues ? '' : (kept.name ?? this.prepare(kept));
    const message = Buffer.concat([
      ...this.toClose.splice(0).map((closed) => protocol.serialize.close({ type: 'S', name: closed })),
      ...(withValues || preparing ? [protocol.serialize.parse({ text, name })] : []),
      protocol.serialize.bind({ statement: name, values }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    try {
      const { messages } = await this.db.execProtocol(message, { throwOnError: true });
      const [results] = parse.parseResults(messages, this.db.parsers, options);
      if (!results) throw new Error('PGlite gave no result for the statement');
      return results;
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? String(error.code) : null;
      // Whether a failed first Parse left the statement behind is not known: closed, prepared anew next time.
      if (!withValues && (preparing || (code !== null && STALE_STATEMENT_CODES.has(code)))) this.unprepare(kept);
      // As query() marks its errors (PGlite's makePGliteError).
      if (code !== null) Object.assign(error as Error, { query: text });
      throw error;
    }
  }

  /**
   * What is known of a statement: null the first time it comes (statements whose text changes with
   * their values, a list of ids as parameters, would pay for asking without ever coming again);
   * the second time its parameter types are asked (types null: it cannot be described).
   */
  private async knownOf(text: string): Promise<Kept | null> {
    const kept = this.kept.get(text);
    if (kept === undefined) {
      this.remember(text, { types: null, name: null });
      return null;
    }
    this.remember(text, kept);
    if (kept.types !== null) return kept;
    try {
      kept.types = (await this.db.describeQuery(text)).queryParams.map((param) => param.dataTypeID);
    } catch {
      return null;
    }
    return kept;
  }

  /**
   * Gives the statement a name of its own (its Parse goes with this message), closing the least
   * recently used prepared one past the limit; returns the name.
   */
  private prepare(kept: Kept): string {
    if (this.prepared >= this.keepPrepared) {
      for (const other of this.kept.values()) {
        if (other.name !== null) {
          this.unprepare(other);
          break;
        }
      }
    }
    const name = `one_message_${nextName++}`;
    kept.name = name;
    this.prepared += 1;
    return name;
  }

  private unprepare(kept: Kept): void {
    if (kept.name === null) return;
    this.toClose.push(kept.name);
    kept.name = null;
    this.prepared -= 1;
  }

  /** Keeps the text as the most recently used, dropping the least recently used past the limit. */
  private remember(text: string, kept: Kept): void {
    if (!this.kept.delete(text) && this.kept.size >= this.keep) {
      const oldest = this.kept.entries().next();
      if (!oldest.done) {
        this.unprepare(oldest.value[1]);
        this.kept.delete(oldest.value[0]);
      }
    }
    this.kept.set(text, kept);
  }
}
