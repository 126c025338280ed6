/**
 * A real S3-protocol server on 127.0.0.1 for the photo storage tests: s3rver (a devDependency)
 * keeping its objects in a temporary folder, with one bucket. It speaks S3's REST API (signed
 * PUT, GET, HEAD, DELETE, ListObjectsV2) and serves objects to anonymous GETs, as a public bucket
 * would.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export type S3Peer = {
  /** `http://127.0.0.1:<port>`: S3_ENDPOINT. */
  endpoint: string;
  bucket: string;
  /** The bucket's public base address (path style): S3_PUBLIC_URL. */
  publicUrl: string;
  /** The environment a node needs for this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startS3Peer(options: { port?: number; bucket?: string } = {}): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "konok-s3rver-"));
  const bucket = options.bucket ?? "konok-photos";
  const server = new S3rver({ port: options.port ?? 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    publicUrl: `${endpoint}/${bucket}`,
    // s3rver's default key pair; it does not check signatures, the SDK still signs every request.
    env: { PHOTO_STORAGE: "s3", S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
