import { describe, expect, it } from "vitest";
import { drainUnread, readBodyAtMost } from "../../web/bounded-body";

/** A body of `chunks` pieces of `size` bytes that counts how many pieces were read from it. */
function countedBody(chunks: number, size: number) {
  const read = { count: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (read.count === chunks) return controller.close();
      read.count++;
      controller.enqueue(new Uint8Array(size).fill(read.count));
    },
  });
  return { body, read };
}

describe("readBodyAtMost", () => {
  it("answers the whole body, in order, at or under the limit", async () => {
    const { body } = countedBody(3, 4);
    await expect(readBodyAtMost(body, 12)).resolves.toEqual(new Uint8Array([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]));
  });

  it("answers null past the limit, having read the body to its end", async () => {
    const { body, read } = countedBody(50, 1024);
    await expect(readBodyAtMost(body, 4096)).resolves.toBeNull();
    expect(read.count).toBe(50);
  });
});

describe("drainUnread", () => {
  it("reads a body nothing read", async () => {
    const { body, read } = countedBody(20, 10);
    await drainUnread(body);
    expect(read.count).toBe(20);
  });

  it("leaves a body someone is reading alone", async () => {
    const { body, read } = countedBody(20, 10);
    const reader = body.getReader();
    await reader.read();
    await drainUnread(body);
    expect(read.count).toBeLessThan(20);
  });
});
