// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Bug: `claim` assumes no KZG opening of the zero blob verifies, but every opening at y = 0 does:
/// assertion failure (panic 0x01) in 1 transaction, `claim(z, 0)` for any z below the field modulus.
/// Needs a working point-evaluation precompile (0x0a). Twin: PointEvaluationSafe.sol.
contract PointEvaluation {
    // The commitment (and proof) of the zero polynomial: the compressed point at infinity of G1.
    bytes constant INFINITY = hex"c00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000";

    function opens(uint256 z, uint256 y) internal view returns (bool ok) {
        bytes32 versioned = (sha256(INFINITY) & ~bytes32(uint256(0xff) << 248)) | bytes32(uint256(1) << 248);
        (ok, ) = address(0x0a).staticcall(abi.encodePacked(versioned, z, y, INFINITY, INFINITY));
    }

    function claim(uint256 z, uint256 y) external view {
        assert(!opens(z, y));
    }
}
