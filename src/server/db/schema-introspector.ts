import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

type ColumnRow = {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  type: string;
  type_schema: string;
  nullable: string;
  column_default: string | null;
  identity: string;
};

/**
 * Lists only the tables of the schema the connection works in (its search_path), where Kysely's
 * own PostgreSQL introspector lists every schema of the database. Its migrator reads that list
 * at every start, and a table another user of the same database drops or alters meanwhile (the
 * test suite's files run side by side, each in its own schema; a database shared with another
 * application) failed the listing, and with it the start ("column … does not exist").
 */
export class SchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{
      name: string;
    }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.#db);
    return rows.map(({ name }) => ({ name }));
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select c.table_schema as schema, c.table_name as table, t.table_type, c.column_name as column,
             c.udt_name as type, c.udt_schema as type_schema, c.is_nullable as nullable,
             c.column_default, c.is_identity as identity
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema()
       order by c.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = {
          name: row.table,
          schema: row.schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: row.nullable === 'YES',
        hasDefaultValue: row.column_default !== null || row.identity === 'YES',
        isAutoIncrementing: row.identity === 'YES' || /^nextval\(/.test(row.column_default ?? ''),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL, introspected within the connection's own schema (above). */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db);
  }
}
