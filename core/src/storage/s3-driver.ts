import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config/config.js';
import type { StorageDriver } from './storage-driver.js';

type S3Settings = NonNullable<StorageConfig['s3']>;

/** Files in one S3 bucket (AWS or any S3 API: MinIO, R2, s3rver), keyed `<account_id>/<bucket>/<path>`. */
export class S3Driver implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId !== undefined && settings.secretAccessKey !== undefined
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many S3-compatible servers reject the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    // S3 replaces an object atomically: readers get the old or the new version.
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (result.Body === undefined) return null;
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey' || status === 404) return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    // One request per key: DeleteObjects needs Content-MD5, which several S3-compatible servers handle differently.
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = prefix.endsWith('/') ? prefix : `${prefix}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: folder, ContinuationToken: token }));
      await this.delete((page.Contents ?? []).flatMap((item) => (item.Key === undefined ? [] : [item.Key])));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  close(): void {
    this.client.destroy();
  }
}
