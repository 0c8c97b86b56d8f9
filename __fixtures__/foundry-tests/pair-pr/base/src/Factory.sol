// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {Pair} from "./Pair.sol";
import {Token} from "./Token.sol";

/// Creates pairs as Uniswap v2's factory does (CREATE2 from the sorted tokens, so a pair's address
/// depends on Pair's code) and as a clone factory does (an EIP-1167 proxy over one Pair).
contract Factory {
    Pair public immutable implementation;
    mapping(Token => mapping(Token => Pair)) public getPair;
    Pair[] public allPairs;

    constructor() {
        implementation = new Pair();
    }

    function createPair(Token a, Token b) external returns (Pair pair) {
        (Token token0, Token token1) = sorted(a, b);
        pair = new Pair{salt: keccak256(abi.encodePacked(token0, token1))}();
        pair.initialize(token0, token1);
        register(token0, token1, pair);
    }

    function clonePair(Token a, Token b) external returns (Pair pair) {
        (Token token0, Token token1) = sorted(a, b);
        bytes20 target = bytes20(address(implementation));
        address created;
        assembly {
            let code := mload(0x40)
            mstore(code, 0x3d602d80600a3d3981f3363d3d373d3d3d363d73000000000000000000000000)
            mstore(add(code, 0x14), target)
            mstore(add(code, 0x28), 0x5af43d82803e903d91602b57fd5bf30000000000000000000000000000000000)
            created := create(0, code, 0x37)
        }
        require(created != address(0), "clone failed");
        pair = Pair(created);
        pair.initialize(token0, token1);
        register(token0, token1, pair);
    }

    function sorted(Token a, Token b) private pure returns (Token, Token) {
        require(a != b, "identical tokens");
        return address(a) < address(b) ? (a, b) : (b, a);
    }

    function register(Token token0, Token token1, Pair pair) private {
        require(address(getPair[token0][token1]) == address(0), "pair exists");
        getPair[token0][token1] = pair;
        allPairs.push(pair);
    }
}
