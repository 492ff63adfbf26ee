/**
 * Server tests log in hundreds of times; hashing at production cost would take minutes. This
 * module is global setup's first import: server/security/password.ts reads SCRYPT_LOG_N once,
 * when it is loaded, and the seed loads it, so set any later and the templates' demo users are
 * hashed at full cost, which every test file's first login of each of them then pays again.
 * Workers inherit the variable; a test in foundation.test.ts pins the production parameters.
 */
process.env.SCRYPT_LOG_N ??= '12';
export {};
