import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env.ts';

// An S3-compatible bucket (AWS, MinIO, Ceph, R2…) holding the photos' originals (docs/decisions/162).
// Path-style addressing (https://host/bucket/key) works with every one of them.

export interface Bucket {
  readonly name: string;
  put(key: string, bytes: Buffer, contentType: string, sha256: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

/** The bucket named by S3_* settings, or null when they are not set (originals then stay in the database). */
export function bucketOf(env: Pick<Env, 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION'>): Bucket | null {
  if (!env.S3_ENDPOINT || !env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) return null;
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
    // Only when the operation needs it: S3-compatible stores do not all know the newer CRC32 checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = env.S3_BUCKET;
  return {
    name: Bucket,
    async put(key, bytes, contentType, sha256) {
      await client.send(new PutObjectCommand({
        Bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length,
        // The store checks the bytes it received against the hash (x-amz-checksum-sha256).
        ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
      }));
    },
    async get(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
