import { NodeFS } from "@electric-sql/pglite/nodefs";

/** What PGlite runs on its module before PostgreSQL starts: the module is where NODEFS is. */
type BeforeStart = NonNullable<Parameters<NodeFS["init"]>[1]["preRun"]>[number];

/** The `whence` of a seek from a file's end (POSIX SEEK_END). */
const SEEK_END = 2;
/** A regular file's type bits in a node's mode (S_IFMT, S_IFREG). */
const FILE_TYPE = 0o170000;
const REGULAR_FILE = 0o100000;

/** An Emscripten file-system node: one for each path while the path exists. */
interface FileNode {
  readonly mode: number;
}

/** An open file of Emscripten's file system. */
interface FileStream {
  readonly node: FileNode;
}

type Seek = (stream: FileStream, offset: number, whence: number) => number;
type Write = (stream: FileStream, buffer: Uint8Array, offset: number, length: number, position: number, canOwn?: boolean) => number;
type StreamSetAttr = (stream: FileStream, attributes: { readonly size?: number }) => void;
type NodeSetAttr = (node: FileNode, attributes: { readonly size?: number }) => void;
type Open = (stream: FileStream) => void;
type Allocate = (stream: FileStream, offset: number, length: number) => void;

/** The operations of Emscripten's NODEFS that can tell or change a file's size: every node's `stream_ops` is this very object. */
interface NodeFileOperations {
  readonly stream_ops: { llseek: Seek; write: Write; setattr: StreamSetAttr; open: Open; allocate?: Allocate };
  readonly node_ops: { setattr: NodeSetAttr };
}

/**
 * Makes NODEFS remember each file's size instead of asking the operating system for it at every
 * seek from the end (decision 147). PostgreSQL learns a relation's length that way (`mdnblocks`)
 * for each table and index whenever it plans or scans, about a hundred times for a page of leads,
 * and NODEFS answers each with an `fstatSync`: 18 % of the server's CPU on deep pages of leads.
 *
 * The size is learnt at the first seek from a file's end and kept while every change of it passes
 * here: a write past the end raises it; a truncation (of an open file or by name), an allocation
 * and an opening (which may truncate) forget it. A node is its path's for as long as the file
 * exists: a file removed and made again is a new node, learnt anew. Only the PostgreSQL in this
 * process writes its data directory while the server runs, so no other change can pass unseen.
 */
const rememberFileSizes = (nodefs: NodeFileOperations): void => {
  const sizes = new WeakMap<FileNode, number>();
  const streams = nodefs.stream_ops;
  const { llseek, write, setattr, open } = streams;
  const nodeSetattr = nodefs.node_ops.setattr;
  streams.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END || (stream.node.mode & FILE_TYPE) !== REGULAR_FILE) return llseek(stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek(stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    }
    // a position before the start is refused as the file system refuses it
    return size + offset < 0 ? llseek(stream, offset, whence) : size + offset;
  };
  streams.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write(stream, buffer, offset, length, position, canOwn);
    const size = sizes.get(stream.node);
    if (size !== undefined && position + written > size) sizes.set(stream.node, position + written);
    return written;
  };
  streams.setattr = (stream, attributes) => {
    sizes.delete(stream.node);
    setattr(stream, attributes);
  };
  const { allocate } = streams;
  if (allocate !== undefined) {
    streams.allocate = (stream, offset, length) => {
      sizes.delete(stream.node);
      allocate(stream, offset, length);
    };
  }
  streams.open = (stream) => {
    sizes.delete(stream.node);
    open(stream);
  };
  nodefs.node_ops.setattr = (node, attributes) => {
    sizes.delete(node);
    nodeSetattr(node, attributes);
  };
};

/** Whether the module PGlite starts holds NODEFS's operations as `rememberFileSizes` knows them. */
const isNodeFileOperations = (value: unknown): value is NodeFileOperations => {
  const candidate = value as Partial<Record<"stream_ops" | "node_ops", Record<string, unknown>>> | undefined;
  return (
    typeof candidate?.stream_ops?.llseek === "function" &&
    typeof candidate.stream_ops.write === "function" &&
    typeof candidate.stream_ops.setattr === "function" &&
    typeof candidate.stream_ops.open === "function" &&
    typeof candidate.node_ops?.setattr === "function"
  );
};

/**
 * PGlite's file system of a data directory on disk, its files' sizes remembered (rememberFileSizes).
 * A PGlite whose NODEFS is not as expected fails to start rather than run without it unseen.
 */
export class DataDirectory extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>): ReturnType<NodeFS["init"]> {
    const { emscriptenOpts } = await super.init(...args);
    const remember: BeforeStart = (module) => {
      const nodefs = (module as unknown as { NODEFS?: unknown }).NODEFS;
      if (!isNodeFileOperations(nodefs)) throw new Error("PGlite's NODEFS is not as server/db/pgliteFiles.ts expects: see decision 147.");
      rememberFileSizes(nodefs);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), remember] } };
  }
}
