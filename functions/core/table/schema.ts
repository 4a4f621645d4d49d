/**
 * The single table's shape: one definition read by the CDK stack and by the embedded runtime's
 * table bootstrap, so both create exactly the same keys, indexes and TTL attribute.
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalIndexes: [
    // Inverted/alternate lookups: a user's companies, schedules due by time, tokens by hash.
    { name: 'GSI1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    // Second alternate lookup: entities listed by company and date (posts, media, jobs).
    { name: 'GSI2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    // Sparse: posts on their way to a platform, by when the sweeper should look at them.
    { name: 'GSI3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;
