import type { ColumnType, Generated } from 'kysely';

// Column types shared by every table file of src/server/db.

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric columns arrive from pg as strings; we write numbers. */
export type Numeric = ColumnType<string, number | string, number | string>;
export type DefaultNumeric = ColumnType<string, number | string | undefined, number | string>;
export type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** date columns are read as YYYY-MM-DD strings (see the type parser in connection.ts). */
export type DateCol = ColumnType<string, string, string>;
export type Json<T> = ColumnType<T, string | T, string | T>;
export type Version = Generated<number>;
export type NullableDate = ColumnType<string | null, string | null | undefined, string | null>;
