/**
 * Go's `sort.Sort` (src/sort/zsortinterface.go, pattern-defeating quicksort since Go 1.19), ported so that the
 * order kubectl gives equal keys (`--sort-by=.lastTimestamp` on events of the same second) is the order the
 * real kubectl prints: sort.Sort is not stable, and which of two equal rows comes first depends on exactly these
 * steps. Sorts `data` in place with `less`.
 */
export function goSort<T>(data: T[], less: (a: T, b: T) => boolean): void {
  const n = data.length;
  if (n <= 1) return;
  const d = {
    less: (i: number, j: number) => less(data[i], data[j]),
    swap: (i: number, j: number) => {
      [data[i], data[j]] = [data[j], data[i]];
    },
  };
  pdqsort(d, 0, n, bitsLen(n));
}

interface Data {
  less(i: number, j: number): boolean;
  swap(i: number, j: number): void;
}

const bitsLen = (x: number) => (x === 0 ? 0 : Math.floor(Math.log2(x)) + 1);

function insertionSort(data: Data, a: number, b: number) {
  for (let i = a + 1; i < b; i++) for (let j = i; j > a && data.less(j, j - 1); j--) data.swap(j, j - 1);
}

function siftDown(data: Data, lo: number, hi: number, first: number) {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && data.less(first + child, first + child + 1)) child++;
    if (!data.less(first + root, first + child)) return;
    data.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(data: Data, a: number, b: number) {
  const first = a;
  const hi = b - a;
  for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) siftDown(data, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    data.swap(first, first + i);
    siftDown(data, 0, i, first);
  }
}

const INCREASING = 1;
const DECREASING = 2;

function pdqsort(data: Data, a: number, b: number, limit: number) {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= 12) {
      insertionSort(data, a, b);
      return;
    }
    if (limit === 0) {
      heapSort(data, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(data, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(data, a, b);
    if (hint === DECREASING) {
      reverseRange(data, a, b);
      pivot = b - 1 - (pivot - a);
      hint = INCREASING;
    }
    if (wasBalanced && wasPartitioned && hint === INCREASING && partialInsertionSort(data, a, b)) return;
    if (a > 0 && !data.less(a - 1, pivot)) {
      a = partitionEqual(data, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(data, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.floor(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(data, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(data, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(data: Data, a: number, b: number, pivot: number): [number, boolean] {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && data.less(i, a)) i++;
  while (i <= j && !data.less(j, a)) j--;
  if (i > j) {
    data.swap(j, a);
    return [j, true];
  }
  data.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && data.less(i, a)) i++;
    while (i <= j && !data.less(j, a)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  data.swap(j, a);
  return [j, false];
}

function partitionEqual(data: Data, a: number, b: number, pivot: number): number {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !data.less(a, i)) i++;
    while (i <= j && data.less(a, j)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(data: Data, a: number, b: number): boolean {
  let i = a + 1;
  for (let step = 0; step < 5; step++) {
    while (i < b && !data.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < 50) return false;
    data.swap(i, i - 1);
    if (i - a >= 2)
      for (let j = i - 1; j >= 1; j--) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    if (b - i >= 2)
      for (let j = i + 1; j < b; j++) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
  }
  return false;
}

const MASK64 = (1n << 64n) - 1n;

function breakPatterns(data: Data, a: number, b: number) {
  const length = b - a;
  if (length < 8) return;
  // sort.go xorshift: seeded with the length, <<13 >>7 <<17 on a uint64.
  let random = BigInt(length);
  const modulus = BigInt(2 ** bitsLen(length));
  const base = a + Math.floor(length / 4) * 2;
  for (let idx = base - 1; idx <= base + 1; idx++) {
    random ^= (random << 13n) & MASK64;
    random ^= random >> 7n;
    random ^= (random << 17n) & MASK64;
    let other = Number(random & (modulus - 1n));
    if (other >= length) other -= length;
    data.swap(idx, a + other);
  }
}

function choosePivot(data: Data, a: number, b: number): [number, number] {
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.floor(l / 4) * 1;
  let j = a + Math.floor(l / 4) * 2;
  let k = a + Math.floor(l / 4) * 3;
  if (l >= 8) {
    if (l >= 50) {
      i = median(data, i - 1, i, i + 1, swaps);
      j = median(data, j - 1, j, j + 1, swaps);
      k = median(data, k - 1, k, k + 1, swaps);
    }
    j = median(data, i, j, k, swaps);
  }
  return [j, swaps.n === 0 ? INCREASING : swaps.n === 12 ? DECREASING : 0];
}

function order2(data: Data, a: number, b: number, swaps: { n: number }): [number, number] {
  if (data.less(b, a)) {
    swaps.n++;
    return [b, a];
  }
  return [a, b];
}

function median(data: Data, a: number, b: number, c: number, swaps: { n: number }): number {
  const [a1, b1] = order2(data, a, b, swaps);
  const [b2] = order2(data, b1, c, swaps);
  return order2(data, a1, b2, swaps)[1];
}

function reverseRange(data: Data, a: number, b: number) {
  for (let i = a, j = b - 1; i < j; i++, j--) data.swap(i, j);
}
