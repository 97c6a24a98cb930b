/**
 * A statement with its parameters sent to PGlite as one protocol message, on the database's thread
 * (docs/architecture.md, "The embedded database's thread", "One message a statement").
 *
 * PGlite's own `query()` sends the extended protocol's messages one call at a time (Parse, Describe
 * the statement, Bind, Describe the portal, Execute, Sync): six trips into the WebAssembly module
 * a statement, the Describe only to learn the parameters' types so that each value is turned into
 * text by the serializer for its type. Here the types are asked once per statement text and kept,
 * and Parse, Bind, Describe, Execute and Sync go in as one message. The values' text, the answer's
 * parsing and the errors (with the statement's text as `query`) are PGlite's own, so the answer is
 * the one `query()` gives.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Statement texts kept (a few hundred come again in a server's life; texts that change with their
 * values come once each): at most this many, the least recently used dropped first.
 */
const KEPT_STATEMENTS = 1_000;

type Serializer = (value: unknown) => string;

export class OneMessageQueries {
  /**
   * Statement text -> its parameters' type ids, or null while it was seen once only; in the order
   * of their last use (the first is dropped first).
   */
  private readonly parameterTypes = new Map<string, readonly number[] | null>();

  constructor(
    private readonly db: PGlite,
    private readonly keep = KEPT_STATEMENTS,
  ) {}

  async query(text: string, params: readonly unknown[], options: QueryOptions): Promise<Results> {
    const types = await this.typesOf(text);
    // Seen for the first time, or a statement PGlite cannot describe: its own query() answers.
    if (types === null) return this.db.query(text, [...params], options);
    const values = params.map((value, at) => {
      if (value === null || value === undefined) return null;
      const type = types[at] ?? 0;
      const serialize = (options.serializers?.[type] ?? this.db.serializers[type]) as Serializer | undefined;
      return serialize ? serialize(value) : String(value);
    });
    const message = Buffer.concat([
      protocol.serialize.parse({ text }),
      protocol.serialize.bind({ values }),
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
      // As query() marks its errors (PGlite's makePGliteError).
      if (error instanceof Error && 'code' in error) Object.assign(error, { query: text });
      throw error;
    }
  }

  /**
   * The parameter types of a statement seen before (asked the second time it comes); null the first
   * time: statements whose text changes with their values (a list of ids as parameters) would pay
   * for asking without ever coming again.
   */
  private async typesOf(text: string): Promise<readonly number[] | null> {
    const kept = this.parameterTypes.get(text);
    if (kept) {
      this.remember(text, kept);
      return kept;
    }
    if (kept === undefined) {
      this.remember(text, null);
      return null;
    }
    let types: number[];
    try {
      types = (await this.db.describeQuery(text)).queryParams.map((param) => param.dataTypeID);
    } catch {
      return null;
    }
    this.remember(text, types);
    return types;
  }

  /** Keeps the text as the most recently used, dropping the least recently used past the limit. */
  private remember(text: string, types: readonly number[] | null): void {
    if (!this.parameterTypes.delete(text) && this.parameterTypes.size >= this.keep) {
      const oldest = this.parameterTypes.keys().next();
      if (!oldest.done) this.parameterTypes.delete(oldest.value);
    }
    this.parameterTypes.set(text, types);
  }
}
