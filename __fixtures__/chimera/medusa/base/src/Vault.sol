// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

/// Shares of a pool of assets: deposit() mints at the pool's rate, redeem() burns and pays out.
contract Vault {
    mapping(address => uint256) public shares;
    uint256 public totalShares;
    uint256 public totalAssets;

    function deposit(uint256 assets) external returns (uint256 minted) {
        minted = totalShares == 0 ? assets : (assets * totalShares) / totalAssets;
        shares[msg.sender] += minted;
        totalShares += minted;
        totalAssets += assets;
    }

    function redeem(uint256 amount) external returns (uint256 assets) {
        require(amount <= shares[msg.sender], "more than held");
        assets = (amount * totalAssets) / totalShares;
        shares[msg.sender] -= amount;
        totalShares -= amount;
        totalAssets -= assets;
    }
}
