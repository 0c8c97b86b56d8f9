// SPDX-License-Identifier: MIT
pragma solidity ^0.8.17;

import {ERC20} from "./token/ERC20.sol";

/// Takes the token it holds as an `ERC20`-typed argument, as ERC-4626 vaults do, and an owner.
contract Vault {
    ERC20 public immutable asset;
    address public owner;
    mapping(address => uint256) public shares;

    constructor(ERC20 asset_, address owner_) {
        require(asset_.decimals() == 18, "asset must have 18 decimals");
        asset = asset_;
        owner = owner_;
    }

    function deposit(uint256 amount) external {
        shares[msg.sender] += amount;
    }
}
