"""Write one member of an ensemble out as a network's own directory, as `codemode train` writes it.

    python3 scripts/judge/member.py ENSEMBLE I OUT

ENSEMBLE is a directory `codemode ensemble` (or `calibrate`) wrote; OUT gets member I's
configuration as its `config.json` and member I's weights, without their `member{I}.` prefix, as
its `model.safetensors`. `judge.sh` can then join members of different ensembles into a new one
(a mixed draw of a recipe whose ensembles were trained with different seeds). Only the standard
library: a safetensors file is an 8-byte little-endian header length, a JSON header naming each
tensor's dtype, shape and byte range, and the bytes.
"""
import json
import os
import struct
import sys


def read_safetensors(path):
    with open(path, 'rb') as f:
        data = f.read()
    (n,) = struct.unpack('<Q', data[:8])
    header = json.loads(data[8:8 + n])
    return header, data[8 + n:]


def write_safetensors(path, tensors):
    """TENSORS: name -> (dtype, shape, bytes), written in name order."""
    header, chunks, at = {}, [], 0
    for name in sorted(tensors):
        dtype, shape, raw = tensors[name]
        header[name] = {'dtype': dtype, 'shape': shape, 'data_offsets': [at, at + len(raw)]}
        chunks.append(raw)
        at += len(raw)
    text = json.dumps(header, separators=(',', ':')).encode()
    text += b' ' * (-len(text) % 8)
    with open(path, 'wb') as f:
        f.write(struct.pack('<Q', len(text)))
        f.write(text)
        for raw in chunks:
            f.write(raw)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    ensemble, index, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(os.path.join(ensemble, 'config.json')) as f:
        config = json.load(f)
    members = config.get('members')
    if not members or not 0 <= index < len(members):
        sys.exit(f"{ensemble} is not an ensemble with a member {index}")
    header, data = read_safetensors(os.path.join(ensemble, 'model.safetensors'))
    prefix = f"member{index}."
    tensors = {}
    for name, meta in header.items():
        if name.startswith(prefix):
            begin, end = meta['data_offsets']
            tensors[name[len(prefix):]] = (meta['dtype'], meta['shape'], data[begin:end])
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'config.json'), 'w') as f:
        json.dump(members[index], f)
    write_safetensors(os.path.join(out, 'model.safetensors'), tensors)
    print(f"{out}: member {index} of {ensemble}, {len(tensors)} tensors")


if __name__ == '__main__':
    main()
