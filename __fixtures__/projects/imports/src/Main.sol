// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// import "./NotThere.sol"; (commented out: the resolver must not follow it)
import {Base} from "./Base.sol";
import {MathLib} from "@remapped/MathLib.sol";
import {IToken} from "@acme/tokens/IToken.sol";
import "forge-std/Test.sol";

/// Uses one import of each kind the resolver handles.
contract Main is Base, Test {
    IToken public token;

    function add(uint256 amount) external {
        _add(MathLib.min(amount, 100));
    }
}
