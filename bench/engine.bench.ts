// Placeholder: engine benchmarks will live here.
console.log('bench: no benchmarks yet');
