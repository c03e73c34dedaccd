"""Copy a model directory without the distance: drop `familiar.*` tensors and the calibration's
`familiar` fit, so `codemode calibrate` without --reference calibrates it as candidates are."""
import json, struct, sys, os
src, dst = sys.argv[1], sys.argv[2]
os.makedirs(dst, exist_ok=True)
with open(os.path.join(src, 'model.safetensors'), 'rb') as f:
    n = struct.unpack('<Q', f.read(8))[0]
    header = json.loads(f.read(n))
    data = f.read()
keep = {}
chunks = []
off = 0
for k, v in header.items():
    if k == '__metadata__' or k.startswith('familiar.'):
        continue
    a, b = v['data_offsets']
    chunks.append(data[a:b])
    keep[k] = dict(v, data_offsets=[off, off + (b - a)])
    off += b - a
if '__metadata__' in header:
    keep['__metadata__'] = header['__metadata__']
h = json.dumps(keep, separators=(',', ':')).encode()
h += b' ' * ((8 - len(h) % 8) % 8)
with open(os.path.join(dst, 'model.safetensors'), 'wb') as f:
    f.write(struct.pack('<Q', len(h))); f.write(h)
    for c in chunks: f.write(c)
c = json.load(open(os.path.join(src, 'config.json')))
c.get('calibration', {}).pop('familiar', None)
json.dump(c, open(os.path.join(dst, 'config.json'), 'w'), indent=2)
