// Placeholder: the real CLI is being written separately. Exits 2 until then.
console.error('not yet');
process.exit(2);
