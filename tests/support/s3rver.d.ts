/** The part of s3rver (a devDependency without types of its own) the tests use. */
declare module "s3rver" {
  type BucketConfig = { name: string; configs: (string | Buffer)[] };
  type Options = { port?: number; address?: string; silent?: boolean; directory: string; resetOnClose?: boolean; configureBuckets?: BucketConfig[] };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
