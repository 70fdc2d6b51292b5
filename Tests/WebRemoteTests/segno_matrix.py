# segno_matrix.py TEXT VERSION MASK: segno's QR code for TEXT at level M in byte mode, with VERSION
# and MASK when not empty; prints its version and mask, then its rows of 0/1 (QRCodeTests).
import sys

import segno

q = segno.make(sys.argv[1], error='m', mode='byte', boost_error=False, micro=False,
               version=int(sys.argv[2]) if sys.argv[2] else None,
               mask=int(sys.argv[3]) if sys.argv[3] else None)
print(q.version, q.mask)
for row in q.matrix:
    print(''.join('1' if v else '0' for v in row))
